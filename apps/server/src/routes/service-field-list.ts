import {
  clearFieldRequestSchema,
  clearFieldResponseSchema,
  fieldListParamsSchema,
  fieldListQuerySchema,
  fieldListResponseSchema,
  isClearableField,
  type FieldValue,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { clearServiceField } from '../commands/clear-service-field.js';
import { datedFileName, sendCsv } from '../http/download.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { loadFieldRefs } from '../presenters/service-detail.js';
import { fieldListCsv, presentFieldListRow } from '../presenters/service-field-list.js';
import { loadFieldListRows, loadFieldListTotals } from '../queries/service-field-list.js';

/** The export holds every listed row, up to this many (as the portfolio's). */
const MAX_EXPORT_ROWS = 10_000;

const description =
  'Services the caller may see (drafts only of their own, or all for portfolio managers) that hold a value in the field; q as in the portfolio list. Keywords are not a listable field.';

export const serviceFieldListRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('services'));
  const refsOf = (key: string, values: readonly FieldValue[]) =>
    loadFieldRefs(
      context.database.db,
      values.map((value) => ({ [key]: value })),
    );

  api.get('/service-fields/:field', {
    access: 'service.fieldList',
    summary: 'The Service Field List: one field of the catalogue across services, searched, sorted and paged',
    description,
    params: fieldListParamsSchema,
    querystring: fieldListQuerySchema,
    answer: fieldListResponseSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) => {
      const { field } = request.params;
      const { page, pageSize } = request.query;
      const db = context.database.db;
      const [shown, totals] = await Promise.all([
        loadFieldListRows(db, principal, field, request.query, { limit: pageSize, offset: (page - 1) * pageSize }),
        loadFieldListTotals(db, principal, field, request.query.q),
      ]);
      const refs = await refsOf(
        field,
        shown.map((row) => row.value),
      );
      return {
        field,
        fieldClearable: isClearableField(field),
        items: shown.map(presentFieldListRow),
        ...totals,
        page,
        pageSize,
        refs: { users: Object.fromEntries(refs.users), institutions: Object.fromEntries(refs.institutions) },
      };
    },
  });

  api.get('/service-fields/:field/export.csv', {
    access: 'service.fieldList',
    summary: 'The field list as CSV: every listed row (at most 10,000), no paging',
    description:
      'UTF-8 with a byte order mark, comma-separated (RFC 4180), header, states and values in the caller’s language. The auth cookie works, so a plain link downloads it.',
    params: fieldListParamsSchema,
    querystring: fieldListQuerySchema.omit({ page: true, pageSize: true }),
    produces: ['text/csv'],
    answer: z.string().describe('text/csv'),
    errors: [400, 401, 403],
    handler: async (request, principal, reply) => {
      const { field } = request.params;
      const rows = await loadFieldListRows(context.database.db, principal, field, request.query, {
        limit: MAX_EXPORT_ROWS,
        offset: 0,
      });
      const refs = await refsOf(
        field,
        rows.map((row) => row.value),
      );
      return sendCsv(
        reply,
        datedFileName(`service-field-${field}`, 'csv'),
        fieldListCsv(field, rows, refs, request.language),
      );
    },
  });

  api.post('/service-fields/:field/clear', {
    access: 'service.clearField',
    summary: 'Clear an optional field on all listed services or on selected ones, one audit event per service',
    description:
      'scope "all": the search, count and listToken of the list the caller confirmed; scope "selected": ids with the versions listed. 409 when the listed set or a service changed since (nothing written); 400 for a field a workflow step requires. Retired services keep their values.',
    params: fieldListParamsSchema,
    body: clearFieldRequestSchema,
    answer: clearFieldResponseSchema,
    errors: [400, 401, 403, 409],
    handler: async (request, principal) => ({
      cleared: await clearServiceField(
        context.writes,
        context.database.db,
        principal,
        request.params.field,
        request.body,
      ),
    }),
  });
};
