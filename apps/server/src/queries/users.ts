import { and, asc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { prefixTsQuery } from '../db/full-text.js';
import { users } from '../db/schema.js';

const MAX_USER_MATCHES = 20;

/**
 * Users by name, username or e-mail, by name, at most 20: the people pickers' answer. The gone are
 * left out, as nobody may give them anything (ADR 0127), unless `includeGone` (a filter by person).
 */
export const searchUsers = (db: Db, q: string, includeGone = false) => {
  const pattern = `%${escapeLike(q)}%`;
  const words = prefixTsQuery(q);
  // Substrings catch parts of addresses and names; word prefixes catch words in any order
  // ("adler ali"). The expression is users_search_idx's.
  const document = sql`to_tsvector('simple', ${users.fullname} || ' ' || ${users.email} || ' ' || ${users.username})`;
  return db
    .select({ id: users.id, username: users.username, fullname: users.fullname, email: users.email })
    .from(users)
    .where(
      and(
        includeGone ? undefined : isNull(users.goneAt),
        or(
          ilike(users.username, pattern),
          ilike(users.fullname, pattern),
          ilike(users.email, pattern),
          words ? sql`${document} @@ to_tsquery('simple', ${words})` : undefined,
        ),
      ),
    )
    .orderBy(asc(sql`lower(${users.fullname})`), asc(users.username))
    .limit(MAX_USER_MATCHES);
};

export const findUserByUsername = async (db: Db, username: string) => {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
};

/**
 * Whether the contact with this e-mail address is a gone person's (the handover's match: the same
 * address regardless of case, ADR 0123): such a contact takes no new relation.
 */
export const isGonePersonsAddress = async (db: Db | Tx, email: string): Promise<boolean> => {
  if (email.trim() === '') return false;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isNotNull(users.goneAt), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return rows.length > 0;
};
