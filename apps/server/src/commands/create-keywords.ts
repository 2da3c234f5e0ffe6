import { asc, or, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { keywords } from '../db/schema.js';
import { recordAudit } from './record-audit.js';

/** One spelling per keyword: NFC, inner whitespace collapsed, trimmed ("Big  data " is "Big data"). */
export const normaliseKeywordName = (name: string): string => name.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Creates the keywords that do not exist yet and answers all of the named ones, sorted by name.
 * Names are compared case-insensitively, as the unique index on lower(name) does; two requests
 * creating the same name at once both succeed (ON CONFLICT on that index) and get the same keyword.
 */
export const createKeywords = (db: Db, principal: AuthUser, names: readonly string[]) =>
  db.transaction(async (tx) => {
    const wanted = [
      ...new Map(
        names
          .map(normaliseKeywordName)
          .filter((name) => name.length > 0)
          .map((name) => [name.toLowerCase(), name] as const),
      ).values(),
    ];
    if (wanted.length === 0) return [];
    const inserted = await tx.execute(sql`
      insert into ${keywords} (name, created_by_id)
      values ${sql.join(
        wanted.map((name) => sql`(${name}, ${principal.id}::uuid)`),
        sql`, `,
      )}
      on conflict (lower(name)) do nothing
      returning id, name`);
    // Both drivers answer raw queries with { rows }.
    const created = (inserted as unknown as { rows: { id: string; name: string }[] }).rows;
    for (const keyword of created) {
      await recordAudit(
        tx,
        { id: principal.id, name: principal.username },
        { objectType: 'keyword', objectId: keyword.id, action: 'keyword.created', after: { name: keyword.name } },
      );
    }
    return tx
      .select({ id: keywords.id, name: keywords.name })
      .from(keywords)
      .where(or(...wanted.map((name) => sql`lower(${keywords.name}) = lower(${name})`)))
      .orderBy(asc(sql`lower(${keywords.name})`), asc(keywords.name));
  });
