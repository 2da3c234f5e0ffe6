import { asc, ilike, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { keywords } from '../db/schema.js';

const MAX_KEYWORD_MATCHES = 50;

/** Keywords containing `q` (case-insensitive), those starting with it first, then by name. */
export const searchKeywords = (db: Db, q: string) => {
  const pattern = escapeLike(q);
  return (
    db
      .select({ id: keywords.id, name: keywords.name })
      .from(keywords)
      .where(q ? ilike(keywords.name, `%${pattern}%`) : undefined)
      // A picker shows what starts with the typed text before what merely contains it.
      .orderBy(
        ...(q ? [sql`${keywords.name} not ilike ${`${pattern}%`}`] : []),
        asc(sql`lower(${keywords.name})`),
        asc(keywords.name),
      )
      .limit(MAX_KEYWORD_MATCHES)
  );
};
