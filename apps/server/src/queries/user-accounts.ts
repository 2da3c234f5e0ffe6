import type { UserAccountQuery } from '@nubes/domain';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { prefixTsQuery } from '../db/full-text.js';
import { alias } from 'drizzle-orm/pg-core';
import { auditEvents, institutions, users } from '../db/schema.js';

/** Who marked a person gone (docs/adr/0123-people-who-leave.md). */
const goneBy = alias(users, 'gone_by');

const MAX_USER_EVENTS = 100;

/** Name, username or e-mail: substrings and word prefixes, as the people pickers match (queries/users.ts). */
const matches = (q: string): SQL | undefined => {
  const pattern = `%${escapeLike(q)}%`;
  const words = prefixTsQuery(q);
  const document = sql`to_tsvector('simple', ${users.fullname} || ' ' || ${users.email} || ' ' || ${users.username})`;
  return or(
    ilike(users.username, pattern),
    ilike(users.fullname, pattern),
    ilike(users.email, pattern),
    words ? sql`${document} @@ to_tsquery('simple', ${words})` : undefined,
  );
};

const SORT_COLUMNS: Record<UserAccountQuery['sort'], SQL> = {
  fullname: sql`lower(${users.fullname})`,
  username: sql`lower(${users.username})`,
  email: sql`lower(${users.email})`,
  lastLoginAt: sql`${users.lastLoginAt}`,
};

const accountColumns = {
  id: users.id,
  username: users.username,
  fullname: users.fullname,
  email: users.email,
  roles: users.roles,
  entitlementRoles: users.entitlementRoles,
  lastLoginAt: users.lastLoginAt,
  internalId: users.internalId,
  organisation: users.organisation,
  groups: users.groups,
  version: users.version,
  goneAt: users.goneAt,
  goneSource: users.goneSource,
  goneReason: users.goneReason,
  // A left join without a match answers null.
  institution: { id: institutions.id, abbreviation: institutions.abbreviation, name: institutions.name },
};

export type UserAccountRecord = NonNullable<Awaited<ReturnType<typeof findUserAccount>>>;

/** One page of user accounts with the count of all that match; a role matches given or mapped from the IdP. */
export const listUserAccounts = async (db: Db, query: UserAccountQuery) => {
  const where = and(
    query.q ? matches(query.q) : undefined,
    query.role
      ? sql`(${query.role} = ANY(${users.roles}) OR ${query.role} = ANY(${users.entitlementRoles}))`
      : undefined,
    query.institution ? eq(users.institutionId, query.institution) : undefined,
  );
  const column = SORT_COLUMNS[query.sort];
  // Empty values last whatever the direction, then the id, so pages are stable.
  const order = query.order === 'desc' ? sql`${column} DESC NULLS LAST` : sql`${column} ASC NULLS LAST`;
  const [rows, [total]] = await Promise.all([
    db
      .select(accountColumns)
      .from(users)
      .leftJoin(institutions, eq(institutions.id, users.institutionId))
      .where(where)
      .orderBy(order, asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
};

export const findUserAccount = async (db: Db, id: string) => {
  const [row] = await db
    .select({ ...accountColumns, goneByName: goneBy.fullname })
    .from(users)
    .leftJoin(institutions, eq(institutions.id, users.institutionId))
    .leftJoin(goneBy, eq(goneBy.id, users.goneById))
    .where(eq(users.id, id));
  return row;
};

/** What the user did and what was done to the account, newest first, at most 100. */
export const listUserAuditEvents = (db: Db, userId: string) =>
  db
    .select()
    .from(auditEvents)
    .where(
      or(eq(auditEvents.actorId, userId), and(eq(auditEvents.objectType, 'user'), eq(auditEvents.objectId, userId))),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(MAX_USER_EVENTS);
