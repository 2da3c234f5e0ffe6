import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { oncePerRow } from '../presenters/once-per-row.js';
import { responseSerializerCompiler } from './response-serializer.js';

const rowSchema = z.object({ id: z.string(), name: z.string(), tags: z.array(z.string()) });
const listSchema = z.object({ items: z.array(rowSchema), total: z.number().int(), page: z.number().int() });
const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/things', httpStatus: '200' });
const library = (schema: z.ZodType) =>
  serializerCompiler({ schema, method: 'GET', url: '/api/things', httpStatus: '200' });

interface Thing {
  id: string;
  name: string;
  tags: string[];
}
const shapeOf = () => oncePerRow((row: Thing) => ({ ...row }));

describe('responseSerializerCompiler', () => {
  it('answers a list of shared rows exactly as the schema would, unknown fields left out', () => {
    const present = shapeOf();
    const rows = [
      { id: 'a', name: 'Alpha "quoted"', tags: ['x'], secret: 'never' },
      { id: 'b', name: 'Über', tags: [] },
    ];
    const answer = { items: rows.map(present), total: 2, page: 1, debug: 'never' };
    const text = compile(listSchema)(answer);
    expect(JSON.parse(text)).toEqual(JSON.parse(library(listSchema)(answer)));
    expect(text).not.toContain('never');
  });

  it('writes a shared row once per route: a row that changed against the rule still answers as first written', () => {
    const present = shapeOf();
    const row = { id: 'a', name: 'First', tags: [] };
    const serialize = compile(listSchema);
    const shape = present(row);
    expect(JSON.parse(serialize({ items: [shape], total: 1, page: 1 })).items[0].name).toBe('First');
    (shape as { name: string }).name = 'Changed';
    const again = JSON.parse(serialize({ items: [shape], total: 7, page: 2 }));
    expect(again.items[0].name).toBe('First');
    // The rest of the answer is written every time.
    expect(again).toMatchObject({ total: 7, page: 2 });
    // Another route writes its own.
    expect(JSON.parse(compile(listSchema)({ items: [shape], total: 1, page: 1 })).items[0].name).toBe('Changed');
  });

  it('writes rows that are not shared every time, beside shared ones', () => {
    const present = shapeOf();
    const serialize = compile(listSchema);
    const own = { id: 'o', name: 'Own', tags: [] };
    const shared = present({ id: 's', name: 'Shared', tags: [] });
    expect(JSON.parse(serialize({ items: [shared, own], total: 2, page: 1 })).items[1].name).toBe('Own');
    own.name = 'Own, renamed';
    expect(JSON.parse(serialize({ items: [shared, own], total: 2, page: 1 })).items[1].name).toBe('Own, renamed');
  });

  it('refuses a shared row the schema refuses, every time, and keeps nothing of it', () => {
    const present = shapeOf();
    const serialize = compile(listSchema);
    const bad = present({ id: 'a', name: 42 as unknown as string, tags: [] });
    const answer = { items: [bad], total: 1, page: 1 };
    expect(() => serialize(answer)).toThrow(ResponseSerializationError);
    expect(() => serialize(answer)).toThrow(ResponseSerializationError);
  });

  it('refuses an answer whose other fields the schema refuses', () => {
    const present = shapeOf();
    const answer = { items: [present({ id: 'a', name: 'A', tags: [] })], total: 'two', page: 1 };
    expect(() => compile(listSchema)(answer)).toThrow(ResponseSerializationError);
  });

  it('answers a list without other fields, an empty list and answers that are no list as the schema would', () => {
    const present = shapeOf();
    const onlyItems = z.object({ items: z.array(rowSchema) });
    const answer = { items: [present({ id: 'a', name: 'A', tags: [] })] };
    expect(compile(onlyItems)(answer)).toBe('{"items":[{"id":"a","name":"A","tags":[]}]}');
    expect(compile(listSchema)({ items: [], total: 0, page: 1 })).toBe(
      library(listSchema)({ items: [], total: 0, page: 1 }),
    );
    expect(compile(rowSchema)({ id: 'a', name: 'A', tags: [], extra: 1 })).toBe('{"id":"a","name":"A","tags":[]}');
  });

  it('leaves lists to the library whose schema the split would not keep: a bounded items array, a loose object', () => {
    const present = shapeOf();
    const shape = present({ id: 'a', name: 'First', tags: [] });
    const bounded = z.object({ items: z.array(rowSchema).max(1) });
    expect(() => compile(bounded)({ items: [shape, shape] })).toThrow(ResponseSerializationError);
    const loose = z.looseObject({ items: z.array(rowSchema) });
    const serialize = compile(loose);
    expect(serialize({ items: [shape] })).toBe(library(loose)({ items: [shape] }));
    (shape as { name: string }).name = 'Changed';
    expect(JSON.parse(serialize({ items: [shape] })).items[0].name).toBe('Changed');
  });
});
