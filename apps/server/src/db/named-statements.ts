import { createHash } from 'node:crypto';
import type { Client as PgClient, QueryConfig } from 'pg';

/**
 * How many statements one connection keeps prepared. A list's filters and sorts make one text per
 * combination (the bench's mixes send about 200 texts per list), and each costs the server about
 * 135 kB of plan cache: past this many, further texts run unnamed (planned every time, as before).
 * The pool replaces a connection after CONNECTION_USES checkouts, so what it keeps prepared follows
 * what is asked now.
 */
export const PREPARED_PER_CONNECTION = 100;

/** Checkouts after which the pool replaces a connection, its prepared statements with it. */
export const CONNECTION_USES = 2_000;

/** What is prepared: reads. Writes vary with their rows (a batch insert) and are not a list's cost. */
const READ = /^\s*(?:select|with)\b/i;

/** The name a text is prepared under, the same on every connection (PostgreSQL keeps 63 bytes of it). */
export const statementName = (text: string): string => `n_${createHash('sha1').update(text).digest('base64url')}`;

/**
 * A node-postgres client that prepares each read it sends once per connection, under a name its
 * text decides: the next request with the same text (whatever its parameters) skips PostgreSQL's
 * parse and analysis, and after a few runs its planning too, where a generic plan costs no more
 * than a custom one (plan_cache_mode auto). Given to the pool as its `Client`, so every statement
 * of the PostgreSQL path is named the same way, Drizzle's and hand-written ones alike
 * (docs/adr/0117-named-prepared-statements.md). Statements without parameters values (a plain
 * text) keep the simple protocol: they may hold several statements, which a prepared one cannot.
 */
export const namedStatementsClient = (Client: typeof PgClient): typeof PgClient =>
  class NamedStatementsClient extends Client {
    readonly #prepared = new Set<string>();

    // One signature for node-postgres's overloads: only a config object with values is changed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(config: any, ...rest: any[]): any {
      if (
        typeof config === 'object' &&
        config !== null &&
        typeof (config as QueryConfig).text === 'string' &&
        (config as QueryConfig).name === undefined &&
        Array.isArray(rest[0]) &&
        READ.test((config as QueryConfig).text)
      ) {
        const name = statementName((config as QueryConfig).text);
        if (this.#prepared.has(name) || this.#prepared.size < PREPARED_PER_CONNECTION) {
          this.#prepared.add(name);
          return super.query({ ...(config as QueryConfig), name }, ...rest);
        }
      }
      return super.query(config, ...rest);
    }
  };
