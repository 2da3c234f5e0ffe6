import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listExportBody, type ExportColumn, type ExportPage } from './list-export.js';

/** The file as written, byte order mark included (a TextDecoder would drop it). */
const text = async (stream: Readable) => (await buffer(stream)).toString('utf8');

const item = z.object({ n: z.number(), name: z.string() });
type Item = z.infer<typeof item>;
const columns: ExportColumn<Item>[] = [
  { header: 'institutionAdmin.name', value: (row) => row.name },
  { header: 'changeRequests.fields', value: (row) => row.n },
];

/** A list of `count` rows read through its page function, which records each page it was asked for. */
const listOf = (count: number) => {
  const asked: { page: number; pageSize: number }[] = [];
  const rows = Array.from({ length: count }, (_, index) => ({ n: index, name: `row ${index}`, secret: 'x' }));
  const page: ExportPage<Item> = async (window) => {
    asked.push(window);
    return rows.slice((window.page - 1) * window.pageSize, window.page * window.pageSize);
  };
  return { asked, page };
};

describe('listExportBody', () => {
  it('reads the list a page at a time and writes every row once, in order, until a page comes short', async () => {
    for (const count of [0, 1, 2, 3, 4, 5]) {
      const { asked, page } = listOf(count);
      const json = JSON.parse(
        await text(await listExportBody('json', page, { columns, item, language: 'en', pageSize: 2 })),
      ) as { items: Item[] };
      expect(json.items.map((row) => row.n)).toEqual(Array.from({ length: count }, (_, index) => index));
      // One page more than the full ones: the short (or empty) page that ends the list.
      expect(asked.map((window) => window.page)).toEqual(
        Array.from({ length: Math.floor(count / 2) + 1 }, (_, index) => index + 1),
      );
      expect(asked.every((window) => window.pageSize === 2)).toBe(true);
    }
  });

  it('writes each row as the list’s schema answers it, nothing more', async () => {
    const json = await text(await listExportBody('json', listOf(1).page, { columns, item, language: 'en' }));
    expect(json).toBe('{"items":[{"n":0,"name":"row 0"}]}\n');
  });

  it('writes the CSV header in the caller’s language, then a line per row', async () => {
    const csv = await text(await listExportBody('csv', listOf(3).page, { columns, item, language: 'de', pageSize: 2 }));
    expect(csv).toBe('\uFEFFName,Felder\r\nrow 0,0\r\nrow 1,1\r\nrow 2,2\r\n');
  });

  it('reads the first page before it answers, so its error is answered as any error', async () => {
    const failing: ExportPage<Item> = () => Promise.reject(new Error('database down'));
    await expect(listExportBody('csv', failing, { columns, item, language: 'en' })).rejects.toThrow('database down');
  });
});
