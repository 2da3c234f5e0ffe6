import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isSharedShape } from '../presenters/once-per-row.js';

type SerializerCompiler = typeof serializerCompiler;
type RouteSchema = Parameters<SerializerCompiler>[0]['schema'];

/**
 * A list answer's schema split in two: `{ items: Item[], ...rest }`. Only a plain object (no
 * catch-all, which would let `items` through the rest, no refinement) whose items array has no
 * checks of its own: then checking the rows one by one and the rest apart is what checking the
 * whole does.
 */
const listParts = (schema: RouteSchema) => {
  const resolved = 'properties' in schema ? schema.properties : schema;
  if (!(resolved instanceof z.ZodObject) || resolved._zod.def.catchall !== undefined) return null;
  const items: unknown = resolved.shape.items;
  if (!(items instanceof z.ZodArray) || (items._zod.def.checks?.length ?? 0) > 0) return null;
  try {
    return { item: items.element as z.ZodType, rest: resolved.omit({ items: true }) as z.ZodType };
  } catch {
    // `omit` refuses an object with refinements.
    return null;
  }
};

/**
 * Every answer goes through its route's zod schema (only what the schema names leaves the server)
 * and then JSON.stringify; both were two fifths of a list page's CPU. The rows of a list that a
 * presenter shares between answers (`oncePerRow`, presenters/once-per-row.ts) are never changed,
 * so their JSON is written once per row and route and kept as long as the row is
 * (docs/adr/0069-list-rows-serialized-once.md). Every other answer, and every list without a
 * shared row, goes the library's way.
 */
export const responseSerializerCompiler: SerializerCompiler = (route) => {
  const plain = serializerCompiler(route);
  const parts = listParts(route.schema);
  if (parts === null) return plain;
  const { method, url } = route;
  const json = (schema: z.ZodType, value: unknown) => {
    const result = z.safeEncode(schema, value);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
  const kept = new WeakMap<object, string>();
  return (data) => {
    const items = (data as { items?: unknown } | null)?.items;
    if (!Array.isArray(items) || !items.some(isSharedShape)) return plain(data);
    let rows = '';
    for (const [index, item] of items.entries()) {
      const shared = isSharedShape(item);
      let row = shared ? kept.get(item as object) : undefined;
      if (row === undefined) {
        row = json(parts.item, item);
        if (shared) kept.set(item as object, row);
      }
      rows += index === 0 ? row : `,${row}`;
    }
    const rest = json(parts.rest, data);
    return `{"items":[${rows}]${rest === '{}' ? '}' : `,${rest.slice(1)}`}`;
  };
};
