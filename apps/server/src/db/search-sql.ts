import { sql, type SQL } from 'drizzle-orm';

const SEARCHABLE = /[\p{L}\p{N}]/u;

/**
 * The search documents the triggers keep (drizzle/0014_lists_in_the_database.sql). They are not
 * columns of the Drizzle schema, so no read of a whole row carries them.
 */
export const serviceSearchDocument = sql`"services"."search"`;
export const contactSearchDocument = sql`"contacts"."search"`;
/** A package's name, service, provider and submitter (drizzle/0033_package_search_document.sql). */
export const packageSearchDocument = sql`"resource_packages"."search"`;

/**
 * Whether a document matches a search: every word typed begins one of its words, accents,
 * umlauts and case folded on both sides by the same SQL functions, so PGlite and PostgreSQL answer
 * alike. Undefined (no condition) when nothing searchable was typed.
 */
export const searchSql = (document: SQL, q: string | undefined): SQL | undefined =>
  q !== undefined && SEARCHABLE.test(q) ? sql`${document} @@ nubes_search_query(${q})` : undefined;
