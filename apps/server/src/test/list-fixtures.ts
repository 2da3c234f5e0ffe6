import type { Role, ServiceState } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import { createServiceInState } from './services-fixtures.js';

/** A person of a list test, as the routes pass the caller to the queries. */
export const addPerson = async (db: Db, username: string, fullname: string, roles: Role[]): Promise<AuthUser> => {
  const [row] = await db
    .insert(users)
    .values({ username, fullname, email: `${username}@example.org`, roles })
    .returning();
  return { id: row!.id, username, fullname, email: row!.email, roles, institutionId: null };
};

/** A service of a list test with no field values nor keywords; answers its id. */
export const addBareService = async (
  db: Db,
  name: string,
  state: ServiceState,
  owner: AuthUser,
  providerInstitutionId: string | null,
): Promise<string> => {
  const row = await createServiceInState(db, {
    name,
    state,
    objectOwnerId: owner.id,
    providerInstitutionId,
    fields: {},
    keywordIds: [],
  });
  return row.id;
};

/** A moment on a fixed day, so orders by time are known in advance. */
export const minute = (n: number) => new Date(Date.UTC(2026, 0, 1, 10, n));

/** Every page of a list, one after the other, checking that each page's total is the same. */
export const everyPage = async <Row>(
  pageOf: (page: number, pageSize: number) => Promise<{ items: Row[]; total: number }>,
  pageSize: number,
): Promise<{ items: Row[]; total: number }> => {
  const first = await pageOf(1, pageSize);
  const items = [...first.items];
  for (let page = 2; (page - 1) * pageSize < first.total; page++) {
    const next = await pageOf(page, pageSize);
    if (next.total !== first.total) throw new Error(`page ${page} counts ${next.total}, page 1 ${first.total}`);
    items.push(...next.items);
  }
  return { items, total: first.total };
};

/** Code-point order, as the lists sort names (PostgreSQL's C collation). */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
