import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, keywords, services, users } from '../db/schema.js';

/**
 * What the ids name now: keywords and services by name, institutions as "name (abbreviation)",
 * users by full name (or username). Ids that name nothing are left out.
 */
export const loadDisplayNames = async (db: Db, ids: readonly string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const wanted = [...new Set(ids)];
  const found = await Promise.all([
    db.select({ id: keywords.id, name: keywords.name }).from(keywords).where(inArray(keywords.id, wanted)),
    db
      .select({
        id: institutions.id,
        name: sql<string>`${institutions.name} || ' (' || ${institutions.abbreviation} || ')'`,
      })
      .from(institutions)
      .where(inArray(institutions.id, wanted)),
    db.select({ id: services.id, name: services.name }).from(services).where(inArray(services.id, wanted)),
    db
      .select({ id: users.id, name: sql<string>`coalesce(nullif(${users.fullname}, ''), ${users.username})` })
      .from(users)
      .where(inArray(users.id, wanted)),
  ]);
  return new Map(found.flat().map((row) => [row.id, row.name]));
};
