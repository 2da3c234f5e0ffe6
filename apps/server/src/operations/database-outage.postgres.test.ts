import { randomUUID } from 'node:crypto';
import { translate, type Language } from '@nubes/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../../../scripts/lib/throwaway-postgres.mjs';
import { DATABASE_RETRY_AFTER_SECONDS } from '../http/database-unavailable.js';
import { listenerApplicationName } from '../caches/watch-other-instances.js';
import { startPortalProcess, type PortalProcess } from '../test/portal-process.js';
import { seenWithin } from '../test/seen-within.js';
import { fromPortalPages } from '../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';

const ADMIN_PASSWORD = 'database-outage-admin-password';
/** The bound: writes work again this soon after PostgreSQL accepts connections again. */
const WRITES_BACK_WITHIN_MS = 2000;
/** The readiness verdict is shared for a second (operations/readiness.ts); then it must follow the database. */
const READINESS_FOLLOWS_WITHIN_MS = 2000;
/** The change listener's longest wait between attempts (instances/change-listener.ts), with room. */
const LISTENING_AGAIN_WITHIN_MS = 12_000;
/** The mail worker's poll (5 s) with room: a mail written beside the portal goes out at the next poll. */
const MAIL_SENT_WITHIN_MS = 8000;
/** Writers at once: more than one, so some are inside a transaction when PostgreSQL goes. */
const WRITERS = 4;

interface Answer {
  name: string;
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown> | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The portal as its own process on a PostgreSQL cluster of this file's own (the suite's shared one
 * must stay up for the files running beside it), under a steady load of writes, while PostgreSQL
 * goes away at once and comes back on the same data directory and port: the process lives, answers
 * 503 with Retry-After in the portal's error shape meanwhile, is not ready, writes again soon after
 * the return, and lost no write it acknowledged (docs/adr/0077-database-outages.md). A real process,
 * since what ended it was an 'error' event nobody listened for, which a test worker would treat
 * otherwise.
 */
describe('a PostgreSQL outage under write load', () => {
  let postgres: ThrowawayPostgres;
  let portal: PortalProcess;
  let smtp: SmtpSink;
  let token: string;

  const onDatabase = async <T extends Record<string, unknown>>(statement: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      return (await client.query<T>(statement, values)).rows;
    } finally {
      await client.end();
    }
  };

  const saveView = async (name: string, language: Language = 'en'): Promise<Answer> => {
    const response = await fetch(`${portal.url}/api/saved-views`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ list: 'mine', name }),
    });
    return {
      name,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    };
  };

  const listViews = async (language: Language): Promise<Answer> => {
    const response = await fetch(`${portal.url}/api/saved-views`, {
      headers: { authorization: `Bearer ${token}`, 'accept-language': language },
    });
    return {
      name: '',
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
    };
  };

  const readiness = async () => {
    const response = await fetch(`${portal.url}/api/health/ready`);
    return { status: response.status, body: (await response.json()) as { status: string; checks: object } };
  };

  /** Writers that save views one after another until stopped, each answer kept. */
  const startWriteLoad = () => {
    const answers: Answer[] = [];
    let stopped = false;
    const writers = Array.from({ length: WRITERS }, async () => {
      while (!stopped) {
        try {
          answers.push(await saveView(`load ${randomUUID()}`));
        } catch (error) {
          // The portal closed the connection without an answer: it is no longer there.
          answers.push({ name: '', status: 0, retryAfter: null, body: { error: String(error) } });
          await sleep(50);
        }
      }
    });
    return {
      answers,
      stop: async () => {
        stopped = true;
        await Promise.all(writers);
      },
    };
  };

  const until = async (what: string, check: () => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline)
        throw new Error(`${what}: not within ${timeoutMs} ms\n${portal.output().slice(-4000)}`);
      await sleep(20);
    }
  };

  const expectUnavailable = (answer: Answer, language: Language) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.retryAfter).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(answer.body).toEqual({ error: 'unavailable', message: translate(language, 'errors.databaseUnavailable') });
  };

  beforeAll(async () => {
    // Committed is written: with asynchronous commits an immediate stop may lose what the portal
    // was told is committed, and this test is about what the portal does, not about that setting.
    postgres = await startThrowawayPostgres({ database: 'nubes', settings: { synchronous_commit: 'on' } });
    smtp = await startSmtpSink();
    portal = await startPortalProcess(await freePort(), {
      NODE_ENV: 'development',
      DATABASE_URL: postgres.url,
      ADMIN_PASSWORD,
      PASSWORD_HASH_COST: '10',
      SEED_DEMO_DATA: 'false',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    });
    const login = await fetch(`${portal.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromPortalPages },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;
  }, 90_000);

  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
    await postgres?.stop();
  });

  it.each([
    ['pg_ctl stop -m immediate', (server: ThrowawayPostgres) => server.stopImmediately()],
    ['kill -9 of the postmaster', (server: ThrowawayPostgres) => server.killPostmaster()],
  ])(
    '%s: the portal lives, answers 503 and is not ready, then writes again and lost no acknowledged write',
    async (_name, goAway) => {
      const load = startWriteLoad();
      await until(
        'writes acknowledged before the outage',
        () => load.answers.filter((a) => a.status === 201).length >= 20,
      );

      const wentAt = Date.now();
      const answeredBefore = load.answers.length;
      await goAway(postgres);

      // The writers keep writing into the outage; each answer must be a clean 503.
      await until('answers during the outage', () => load.answers.length >= answeredBefore + 20);
      expect(portal.alive(), portal.output().slice(-4000)).toBe(true);
      expectUnavailable(await saveView(`outage ${randomUUID()}`), 'en');
      expectUnavailable(await saveView(`outage ${randomUUID()}`, 'de'), 'de');
      expectUnavailable(await listViews('de'), 'de');
      await seenWithin(READINESS_FOLLOWS_WITHIN_MS, wentAt, async () => (await readiness()).status === 503);
      expect((await readiness()).body).toMatchObject({ status: 'not_ready', checks: { database: 'unavailable' } });

      await postgres.startAgain();
      const backAt = Date.now();
      await seenWithin(
        WRITES_BACK_WITHIN_MS,
        backAt,
        async () => (await saveView(`back ${randomUUID()}`)).status === 201,
      );
      await load.stop();
      expect(portal.alive(), portal.output().slice(-4000)).toBe(true);

      // Every answer was an acknowledged write or a clean 503, never a 500 or a dropped connection.
      const failed = load.answers.filter((a) => a.status !== 201);
      expect(failed.length).toBeGreaterThan(0);
      for (const answer of failed) expectUnavailable(answer, 'en');
      const acknowledged = load.answers.filter((a) => a.status === 201).map((a) => a.body!.id as string);
      const stored = await onDatabase<{ id: string }>('SELECT id FROM saved_views WHERE id = ANY($1::uuid[])', [
        acknowledged,
      ]);
      expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort());

      // The background work outlived the outage: the change listener listens again, the mail worker
      // sends a mail written after it, and the instance is ready again.
      const subject = `after the outage ${randomUUID()}`;
      await onDatabase("INSERT INTO mail_outbox (kind, to_address, subject, body) VALUES ('test', $1, $2, 'body')", [
        'someone@example.org',
        subject,
      ]);
      await Promise.all([
        seenWithin(LISTENING_AGAIN_WITHIN_MS, backAt, async () => {
          const rows = await onDatabase(
            "SELECT 1 FROM pg_stat_activity WHERE application_name LIKE $1 AND query ILIKE 'LISTEN%'",
            [listenerApplicationName('%')],
          );
          return rows.length > 0;
        }),
        seenWithin(MAIL_SENT_WITHIN_MS, backAt, async () => smtp.received.some((mail) => mail.subject === subject)),
        seenWithin(READINESS_FOLLOWS_WITHIN_MS, backAt, async () => (await readiness()).status === 200),
      ]);
      expect(portal.output()).toContain('the change listener lost its connection');
      expect(portal.output()).toContain('the database cannot be reached');
    },
    60_000,
  );
});
