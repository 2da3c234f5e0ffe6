import type { InstitutionRef, UserRef } from '@nubes/domain';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { institutions, users } from '../db/schema.js';

const uniq = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** Users by id, as the answers name them. */
export const loadUserRefs = async (db: Db | Tx, ids: readonly string[]): Promise<Map<string, UserRef>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username, fullname: users.fullname, email: users.email })
    .from(users)
    .where(inArray(users.id, uniq(ids)));
  return new Map(rows.map((r) => [r.id, r]));
};

/** Institutions by id, as the answers name them. */
export const loadInstitutionRefs = async (
  db: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, InstitutionRef>> => {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name })
    .from(institutions)
    .where(inArray(institutions.id, uniq(ids)));
  return new Map(rows.map((r) => [r.id, r]));
};
