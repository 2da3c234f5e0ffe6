import { and, or, sql, type SQL } from 'drizzle-orm';
import { users } from '../db/schema.js';
import { searchSql } from '../db/search-sql.js';

/**
 * A person's name and username as a search document, folded like the kept ones
 * (drizzle/0014_lists_in_the_database.sql); immutable, so users_search_idx (db/schema.ts) indexes it.
 */
export const userSearchDocument = sql`nubes_search_vector(${users.fullname} || ' ' || ${users.username})`;

/** The users a search word finds (by their name or username), as a subquery for `… in (…)`. */
export const usersFoundBy = (word: string): SQL | undefined => {
  const found = searchSql(userSearchDocument, word);
  return found && sql`(select ${users.id} from ${users} where ${found})`;
};

/** What one typed word must match on some side of a row: undefined when the word has nothing searchable. */
export type WordMatch = (word: string) => SQL | undefined;

/**
 * A search over a row that joins several documents (a request's service and its author, a
 * package's name, service, provider and submitter): every word typed must begin a word of one of
 * them, and different words may be found on different sides. Each side answers a word through its
 * own GIN index; undefined (no condition) when nothing searchable was typed.
 */
export const everyWordOnSomeSide = (q: string | undefined, sides: readonly WordMatch[]): SQL | undefined => {
  // Split as typed; the database folds each word as it folds the documents (nubes_search_query).
  const words = [...new Set((q ?? '').split(/\s+/).filter(Boolean))];
  const conditions = words.flatMap((word) => {
    const matches = sides.map((side) => side(word)).filter((match): match is SQL => match !== undefined);
    return matches.length === 0 ? [] : [sql`(${or(...matches)})`];
  });
  return conditions.length === 0 ? undefined : and(...conditions);
};
