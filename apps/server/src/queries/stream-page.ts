import { encodeStreamCursor, type StreamCursor } from '@nubes/domain';
import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** A stream's page as the query asks for it: how many rows, after which cursor, in which direction. */
export interface StreamPageRequest {
  limit: number;
  cursor?: StreamCursor | undefined;
  order?: 'asc' | 'desc';
}

/**
 * Keyset paging on (time, id) for an append-only stream (docs/adr/0074-paged-streams.md): the
 * page's order, the condition "past the cursor" and the column that gives each row its cursor. The
 * cursor holds the time in whole microseconds, as PostgreSQL keeps it: a JavaScript date keeps
 * milliseconds only, and a cursor rounded to them would skip or repeat rows of the same millisecond.
 */
export const keyset = (at: AnyColumn, id: AnyColumn, page: StreamPageRequest) => {
  const descending = (page.order ?? 'desc') === 'desc';
  const after: SQL | undefined = page.cursor
    ? sql`(${at}, ${id}) ${descending ? sql`<` : sql`>`} (timestamptz 'epoch' + ${page.cursor.micros}::bigint * interval '1 microsecond', ${page.cursor.id}::uuid)`
    : undefined;
  return {
    after,
    orderBy: descending ? [desc(at), desc(id)] : [asc(at), asc(id)],
    /** One row more than the page: whether it comes tells whether there is a next page. */
    limit: page.limit + 1,
    cursorKey: sql<string>`(extract(epoch from ${at}) * 1000000)::bigint::text`,
  };
};

/** The page's rows (the extra one dropped) and the cursor of the next page, null after the last. */
export const streamPage = <Row extends { id: string; cursorKey: string }>(rows: readonly Row[], limit: number) => {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeStreamCursor({ micros: last.cursorKey, id: last.id }) : null,
  };
};
