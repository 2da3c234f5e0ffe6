import { asc, or, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import { keywords } from '../db/schema.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

/** One spelling per keyword: NFC, inner whitespace collapsed, trimmed ("Big  data " is "Big data"). */
const normaliseKeywordName = (name: string): string => name.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Creates the keywords that do not exist yet and answers all of the named ones, sorted by name.
 * Names are compared case-insensitively, as the unique index on lower(name) does; two requests
 * creating the same name at once both succeed (ON CONFLICT on that index) and get the same keyword.
 * Keywords have no version: creating one changes nothing anybody edits.
 */
export const createKeywords = (writes: Writes, principal: AuthUser, names: readonly string[]) =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const wanted = [
      ...new Map(
        names
          .map(normaliseKeywordName)
          .filter((name) => name.length > 0)
          .map((name) => [name.toLowerCase(), name] as const),
      ).values(),
    ];
    if (wanted.length === 0) return { value: [], events: [] };
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
    const value = await tx
      .select({ id: keywords.id, name: keywords.name })
      .from(keywords)
      .where(or(...wanted.map((name) => sql`lower(${keywords.name}) = lower(${name})`)))
      .orderBy(asc(sql`lower(${keywords.name})`), asc(keywords.name));
    return {
      value,
      events: created.map((keyword) => ({
        action: 'keyword.created' as const,
        objectType: 'keyword' as const,
        objectId: keyword.id,
        after: { name: keyword.name },
      })),
    };
  });
