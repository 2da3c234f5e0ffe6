import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, keywords, services, users } from '../db/schema.js';

/**
 * What the ids name now: keywords and services by name, institutions as "name (abbreviation)",
 * users by full name (or username). Ids that name nothing are left out.
 */
export const loadDisplayNames = async (db: Db, ids: readonly string[]): Promise<Map<string, string>> => {
  const names = new Map<string, string>();
  if (ids.length === 0) return names;
  const wanted = [...new Set(ids)];
  for (const k of await db
    .select({ id: keywords.id, name: keywords.name })
    .from(keywords)
    .where(inArray(keywords.id, wanted)))
    names.set(k.id, k.name);
  for (const i of await db
    .select({ id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name })
    .from(institutions)
    .where(inArray(institutions.id, wanted)))
    names.set(i.id, `${i.name} (${i.abbreviation})`);
  for (const s of await db
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, wanted)))
    names.set(s.id, s.name);
  for (const u of await db
    .select({ id: users.id, username: users.username, fullname: users.fullname })
    .from(users)
    .where(inArray(users.id, wanted)))
    names.set(u.id, u.fullname || u.username);
  return names;
};
