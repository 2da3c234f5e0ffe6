import { sql } from 'drizzle-orm';

/**
 * A page's size written into a list statement's text rather than bound as a parameter. With a
 * parameter, PostgreSQL prices a prepared statement's generic plan for a tenth of the rows and so
 * plans the statement anew on every request; with the size in the text it keeps one plan per
 * connection (docs/adr/0117-named-prepared-statements.md, docs/adr/0131-package-and-contact-list-statements.md).
 * For `.limit()`: the size is the query schema's whole number, never free text.
 */
export const literalLimit = (size: number): number => {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`not a page size: ${size}`);
  // Drizzle renders an SQL chunk in the limit's place; its type asks for a number or a placeholder.
  return sql.raw(String(size)) as unknown as number;
};
