import { Readable } from 'node:stream';
import {
  PERMISSIONS,
  translate,
  type Language,
  type MessageKey,
  type Permission,
  type TokenScope,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/principal.js';
import { CSV_BOM, csvLine, type CsvValue } from './csv.js';
import { datedFileName, sendDownload } from './download.js';
import { apiRoutes } from './api-route.js';

/**
 * Rows one query of an export reads: the list's own page query, page after page of this size, so
 * an export never holds more than one of them (docs/adr/0087-list-exports.md).
 */
export const EXPORT_CHUNK = 500;

/** A column of a list's CSV: its header (the screen's own words) and its cell, in the caller's language. */
export interface ExportColumn<Item> {
  header: MessageKey;
  value: (item: Item, language: Language) => CsvValue;
}

/** A page of the list as its route answers it, `pageSize` rows from `(page - 1) * pageSize` on. */
export type ExportPage<Item> = (window: { page: number; pageSize: number }) => Promise<readonly Item[]>;

type Format = 'csv' | 'json';

const CONTENT_TYPES: Record<Format, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/**
 * The file, a page of the list at a time: the CSV's header and lines, or `{"items":[…]}` with one
 * object per row. The first page is read before anything is sent (`first`), so an error there is
 * answered as every error is; the next page only once the previous one has been written.
 */
async function* exportLines<Item>(
  format: Format,
  first: readonly Item[],
  page: ExportPage<Item>,
  write: (items: readonly Item[]) => string,
  header: string,
  pageSize: number,
): AsyncGenerator<string> {
  yield format === 'csv' ? header : '{"items":[';
  let items = first;
  for (let number = 1; ; number++) {
    if (items.length > 0) yield (format === 'json' && number > 1 ? ',' : '') + write(items);
    if (items.length < pageSize) break;
    items = await page({ page: number + 1, pageSize });
    // An empty page after a full one: the list ended exactly at a page's end.
    if (items.length === 0) break;
  }
  if (format === 'json') yield ']}\n';
}

/**
 * A list as a file to download, read a page at a time from the database and written as it comes
 * (docs/adr/0087-list-exports.md). `item` is the list's row schema: each row is written as the list
 * answers it, nothing the schema leaves out.
 */
export const listExportBody = async <Item>(
  format: Format,
  page: ExportPage<Item>,
  options: { columns: readonly ExportColumn<Item>[]; item: z.ZodType<Item>; language: Language; pageSize?: number },
): Promise<Readable> => {
  const { columns, item, language, pageSize = EXPORT_CHUNK } = options;
  const first = await page({ page: 1, pageSize });
  const write =
    format === 'csv'
      ? (items: readonly Item[]) =>
          items.map((row) => csvLine(columns.map((column) => column.value(row, language)))).join('')
      : (items: readonly Item[]) => items.map((row) => JSON.stringify(item.parse(row))).join(',');
  const header = `${CSV_BOM}${csvLine(columns.map((column) => translate(language, column.header)))}`;
  return Readable.from(exportLines(format, first, page, write, header, pageSize), { objectMode: false });
};

type Api = Parameters<FastifyPluginAsyncZod>[0];

/** What a list's exports need: where and for whom the list answers, its query, its rows and its columns. */
export interface ListExport<Query extends z.ZodType, Item> {
  /** The list's path (`/vos`): the exports answer at `<path>/export.csv` and `<path>/export.json`. */
  path: string;
  /** The list's own permission: the exports hold what the list shows the caller. */
  access: Permission;
  /** The list's scope for personal API tokens, if they may read it. */
  scope?: TokenScope | undefined;
  /** The list's name in the OpenAPI summary. */
  list: string;
  description?: string;
  /** The list's query without its paging: the same filters, search and order. */
  querystring: Query;
  /** The list's row as its route answers it. */
  item: z.ZodType<Item>;
  /** The file's name before its date and extension. */
  fileName: (query: z.output<Query>) => string;
  columns: readonly ExportColumn<Item>[];
  /** A page of the list for this caller, as the list route reads and presents it. */
  page: (query: z.output<Query>, principal: AuthUser) => ExportPage<Item>;
}

/**
 * The CSV and JSON exports of a list: the same filters as the list's URL (its paging left out), the
 * same rows the list shows the caller, every one of them, in the list's order. The auth cookie
 * works, so a plain link downloads them.
 */
export const listExportRoutes = <Query extends z.ZodType, Item>(app: Api, exported: ListExport<Query, Item>) => {
  const api = apiRoutes(app);
  // A list open to everyone logged in narrows its rows rather than refusing the caller.
  const forbidden = PERMISSIONS[exported.access].audience === 'authenticated' ? [] : [403 as const];
  for (const format of ['csv', 'json'] as const) {
    api.get(`${exported.path}/export.${format}`, {
      access: exported.access,
      ...(exported.scope ? { scope: exported.scope } : {}),
      summary: `${exported.list} as ${format.toUpperCase()}: the list's filters, search and order, every matching row`,
      description: [
        exported.description,
        format === 'csv'
          ? 'UTF-8 with a byte order mark, comma-separated (RFC 4180), the header and values in the caller’s language, dates in German format; a cell a spreadsheet would run as a formula starts with an apostrophe.'
          : 'The rows as the list answers them, under `items`.',
        'Written a page at a time as the database answers. The auth cookie works, so a plain link downloads it.',
      ]
        .filter(Boolean)
        .join(' '),
      querystring: exported.querystring,
      ...(format === 'csv' ? { produces: ['text/csv'] } : {}),
      answer: format === 'csv' ? z.string().describe('text/csv') : z.object({ items: z.array(exported.item) }),
      errors: [400, 401, ...forbidden],
      handler: async (request, principal, reply) => {
        const query = request.query as z.output<Query>;
        const body = await listExportBody(format, exported.page(query, principal), {
          columns: exported.columns,
          item: exported.item,
          language: request.language,
        });
        return sendDownload(reply, datedFileName(exported.fileName(query), format), body, CONTENT_TYPES[format]);
      },
    });
  }
};

/** A list's page: its rows and total (and whatever else the list answers), without the paging echoed back. */
type ListPage<Answer extends z.ZodType> = Omit<z.output<Answer>, 'page' | 'pageSize'>;
type Row<Answer extends z.ZodType> = z.output<Answer> extends { items: (infer Item)[] } ? Item : never;

/** A paged list and its exports, declared once: the exports take the list's query without paging. */
export interface PagedList<Query extends z.ZodObject, Answer extends z.ZodObject> {
  path: string;
  access: Permission;
  scope?: TokenScope;
  summary: string;
  description?: string;
  querystring: Query;
  answer: Answer;
  errors: readonly (400 | 401 | 403)[];
  /** One page of the list for this caller, as the list answers it. */
  page: (query: z.output<Query>, principal: AuthUser) => Promise<ListPage<Answer>>;
  export: Pick<ListExport<z.ZodType, Row<Answer>>, 'list' | 'description' | 'columns'> & { fileName: string };
}

/**
 * A list route that answers a page (`page` and `pageSize` as asked) and its CSV and JSON exports,
 * which read the same page function page after page.
 */
export const pagedListRoutes = <Query extends z.ZodObject, Answer extends z.ZodObject>(
  app: Api,
  list: PagedList<Query, Answer>,
) => {
  const { path, access, scope, page, export: exported, ...route } = list;
  apiRoutes(app).get(path, {
    ...route,
    access,
    ...(scope ? { scope } : {}),
    handler: async (request, principal) => {
      const query = request.query as z.output<Query>;
      return { ...(await page(query, principal)), page: query.page, pageSize: query.pageSize } as z.output<Answer>;
    },
  });
  listExportRoutes(app, {
    ...exported,
    path,
    access,
    scope,
    querystring: list.querystring.omit({ page: true, pageSize: true }).strict(),
    item: (list.answer.shape.items as z.ZodArray<z.ZodType<Row<Answer>>>).element,
    fileName: () => exported.fileName,
    page: (query, principal) => async (window) =>
      (await page({ ...query, ...window } as z.output<Query>, principal)).items as Row<Answer>[],
  });
};
