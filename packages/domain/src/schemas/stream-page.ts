import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { text } from './text.js';

/** Rows of a stream (comments, a history, the outbox) per answer unless the caller asks for fewer or more. */
export const STREAM_PAGE_SIZE = 50;
/** The most rows one answer of a stream holds; more is refused (400), so one call never grows without end. */
export const MAX_STREAM_PAGE_SIZE = 200;

/**
 * Where a page of an append-only stream ends: the time of its last row in microseconds since the
 * epoch (as the database keeps it, finer than a JavaScript date) and the row's id, which orders rows
 * of the same moment. The next page starts just past it (docs/adr/0074-paged-streams.md).
 */
export interface StreamCursor {
  micros: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MICROS = /^-?\d{1,18}$/;
const BASE64URL = /^[A-Za-z0-9_-]{1,200}$/;

const toBase64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** The opaque cursor a stream answers as `nextCursor`; callers send it back as it is. */
export const encodeStreamCursor = (cursor: StreamCursor): string => toBase64Url(`${cursor.micros}.${cursor.id}`);

/** The cursor inside an opaque string, or null when it is not one this portal wrote. */
export const decodeStreamCursor = (value: string): StreamCursor | null => {
  if (!BASE64URL.test(value)) return null;
  let plain: string;
  try {
    plain = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const dot = plain.indexOf('.');
  const micros = plain.slice(0, dot);
  const id = plain.slice(dot + 1);
  return dot > 0 && MICROS.test(micros) && UUID.test(id) ? { micros, id: id.toLowerCase() } : null;
};

const pageSize = z.coerce
  .number({ error: msg('validation.number') })
  .int(msg('validation.number'))
  .min(1, msg('validation.number'))
  .max(MAX_STREAM_PAGE_SIZE, msg('validation.pageSizeTooLarge'))
  .default(STREAM_PAGE_SIZE);

const cursor = text()
  .transform((value, context) => {
    const decoded = decodeStreamCursor(value);
    if (decoded) return decoded;
    context.addIssue({ code: 'custom', message: msg('validation.cursor') });
    return z.NEVER;
  })
  .optional();

/**
 * The query fields of a paged stream: `limit` rows (default STREAM_PAGE_SIZE, at most
 * MAX_STREAM_PAGE_SIZE) after the `cursor` the previous answer gave; spread beside the stream's filters.
 */
export const streamPageFields = { limit: pageSize, cursor };

/** A paged stream's query with nothing else to filter by (comments, histories). */
export const streamPageQuerySchema = z.object(streamPageFields).strict();
export type StreamPageQuery = z.infer<typeof streamPageQuerySchema>;

/** The answer of a paged stream: its rows and the cursor of the next page, null after the last. */
export const streamPageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** The query string of a stream's page: the cursor of the last answer (none for the first) and the size. */
export const streamPageQuery = (cursor: string | null, limit?: number): string => {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (limit !== undefined) params.set('limit', String(limit));
  const query = params.toString();
  return query ? `?${query}` : '';
};
