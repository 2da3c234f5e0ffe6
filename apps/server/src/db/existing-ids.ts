import { inArray } from 'drizzle-orm';
import type { Db, Tx } from './client.js';
import type { institutions, keywords, users } from './schema.js';

/** Which of `ids` name a row of the table: what a write checks its references against. */
export const existingIds = async (
  db: Db | Tx,
  table: typeof users | typeof institutions | typeof keywords,
  ids: readonly string[],
): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(inArray(table.id, [...new Set(ids)]));
  return new Set(rows.map((r) => r.id));
};
