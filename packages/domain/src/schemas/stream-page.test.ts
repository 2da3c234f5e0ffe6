import { describe, expect, it } from 'vitest';
import {
  decodeStreamCursor,
  encodeStreamCursor,
  MAX_STREAM_PAGE_SIZE,
  STREAM_PAGE_SIZE,
  streamPageQuery,
  streamPageQuerySchema,
} from './stream-page.js';

const ID = '0b8e3f5c-2d1a-4c6e-9f00-123456789abc';

describe('stream cursors', () => {
  it('come back as they went out, microseconds and id, and read as opaque URL-safe text', () => {
    const cursor = encodeStreamCursor({ micros: '1772352000123456', id: ID });
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeStreamCursor(cursor)).toEqual({ micros: '1772352000123456', id: ID });
  });

  it('refuse what the portal did not write', () => {
    const forged = (plain: string) => btoa(plain).replace(/=+$/, '');
    for (const value of [
      '',
      'not base64!',
      forged('123'),
      forged(`abc.${ID}`),
      forged('123.not-a-uuid'),
      'x'.repeat(201),
    ])
      expect(decodeStreamCursor(value)).toBeNull();
  });
});

describe('the query of a paged stream', () => {
  it('defaults to STREAM_PAGE_SIZE rows, takes up to MAX_STREAM_PAGE_SIZE and refuses more', () => {
    expect(streamPageQuerySchema.parse({})).toEqual({ limit: STREAM_PAGE_SIZE });
    expect(streamPageQuerySchema.parse({ limit: String(MAX_STREAM_PAGE_SIZE) }).limit).toBe(MAX_STREAM_PAGE_SIZE);
    const refused = streamPageQuerySchema.safeParse({ limit: String(MAX_STREAM_PAGE_SIZE + 1) });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['limit'], message: 'validation.pageSizeTooLarge' });
  });

  it('reads the cursor into its parts and names a bad one', () => {
    const cursor = encodeStreamCursor({ micros: '5', id: ID });
    expect(streamPageQuerySchema.parse({ cursor }).cursor).toEqual({ micros: '5', id: ID });
    const refused = streamPageQuerySchema.safeParse({ cursor: 'nope' });
    expect(refused.error?.issues[0]).toMatchObject({ path: ['cursor'], message: 'validation.cursor' });
  });

  it('writes the next page query only with what it has', () => {
    expect(streamPageQuery(null)).toBe('');
    expect(streamPageQuery('abc_-1', 20)).toBe('?cursor=abc_-1&limit=20');
  });
});
