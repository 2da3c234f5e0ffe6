import {
  INTEGRATION_WORK_STATES,
  integrationListQuerySchema,
  type IntegrationListQuery,
  tabCountsQuerySchema,
  tabCountsSchema,
  serviceListQuerySchema,
  serviceListResponseSchema,
  type ServiceListQuery,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { datedFileName, sendCsv } from '../http/download.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { serviceListCsv } from '../presenters/service-csv.js';
import { presentServiceSummary } from '../presenters/service-summary.js';
import {
  loadServiceListPage,
  serviceListPageQuery,
  loadTabCounts,
  type ListSort,
  type ServiceListPage,
} from '../queries/service-list.js';

/** The export holds every matching row, up to this many. */
const MAX_EXPORT_ROWS = 10_000;

const listDescription =
  'Only services the caller may see (drafts only of their own). q matches the beginnings of words in service ID, name, short description and keywords; every word must match. Sorting ends on the id, so pages are stable.';

export const serviceListRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('services'));
  /** The matching services the caller may see, in the list's order, for an export: every row up to the limit. */
  const exportRows = (
    principal: AuthUser,
    query: Omit<ServiceListQuery, 'sort' | 'page' | 'pageSize'> & { sort: ListSort },
  ) =>
    serviceListPageQuery(context.database.db, principal, query, query.sort, query.order, {
      limit: MAX_EXPORT_ROWS,
      offset: 0,
    });

  /** One page of the matching services the caller may see and how many there are. */
  const listPage = async (principal: AuthUser, query: Omit<ServiceListQuery, 'sort'> & { sort: ListSort }) => {
    const { rows, total }: ServiceListPage = await loadServiceListPage(
      context.database.db,
      principal,
      query,
      query.sort,
      query.order,
      { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    );
    return { items: rows.map(presentServiceSummary), total, page: query.page, pageSize: query.pageSize };
  };

  app.get(
    '/services',
    {
      config: { access: 'service.list' },
      schema: {
        summary: 'The service portfolio: a tab, filters, full-text search, sort and a page',
        description: listDescription,
        querystring: serviceListQuerySchema,
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listPage(requirePrincipal(request), request.query),
  );

  app.get(
    '/services/tab-counts',
    {
      config: { access: 'service.list' },
      schema: {
        summary: 'How many services each portfolio tab holds under the search and filters, in one answer',
        description:
          'The same services the tab’s list counts (visible to the caller, matching q, provider and keyword). A state filter counts only in the tabs that hold that state, as the list drops it on a tab without it.',
        querystring: tabCountsQuerySchema,
        response: { 200: tabCountsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    // One query counts every tab, so the counts belong to one moment.
    async (request) => ({
      counts: await loadTabCounts(context.database.db, requirePrincipal(request), request.query),
    }),
  );

  app.get(
    '/services/mine',
    {
      config: { access: 'service.listOwn' },
      schema: {
        summary: 'My Services: the services the caller is provider side of (object owner, owner, manager, admin)',
        querystring: serviceListQuerySchema.omit({ tab: true }),
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listPage(requirePrincipal(request), { ...request.query, tab: 'mine' }),
  );

  app.get(
    '/services/export.csv',
    {
      config: { access: 'service.list' },
      schema: {
        summary: 'The current view of the portfolio as CSV: every matching row (at most 10,000), no paging',
        description:
          'UTF-8 with a byte order mark, comma-separated (RFC 4180), header and states in the caller’s language, dates in German format. The auth cookie works, so a plain link downloads it.',
        querystring: serviceListQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const rows = await exportRows(requirePrincipal(request), query);
      return sendCsv(
        reply,
        datedFileName(`services-${query.tab ?? 'all'}`, 'csv'),
        serviceListCsv(rows, request.language),
      );
    },
  );

  /** The integration list's query: its scope as states, its fixed order. */
  const integrationQuery = ({ scope, ...query }: Omit<IntegrationListQuery, 'page' | 'pageSize'>) => ({
    ...query,
    states: scope === 'work' ? INTEGRATION_WORK_STATES : undefined,
    // The order is fixed: highest score first, then by name.
    sort: 'weighted' as const,
    order: 'desc' as const,
  });

  app.get(
    '/integration-list',
    {
      config: { access: 'service.integrationList' },
      schema: {
        summary: 'The Service Integration List: services by weighted score, highest first, then by name',
        description: `${listDescription} By default only the services in integration work (the states in which the integration manager takes the next step); scope=all for every state.`,
        querystring: integrationListQuerySchema,
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      listPage(requirePrincipal(request), {
        ...integrationQuery(request.query),
        page: request.query.page,
        pageSize: request.query.pageSize,
      }),
  );

  app.get(
    '/integration-list/export.csv',
    {
      config: { access: 'service.integrationList' },
      schema: {
        summary: 'The current view of the integration list as CSV: every matching row (at most 10,000), by score',
        description:
          'The same file as the portfolio’s export (UTF-8 with a byte order mark, RFC 4180, header and states in the caller’s language, German dates), in the integration list’s order. The auth cookie works, so a plain link downloads it.',
        querystring: integrationListQuerySchema.omit({ page: true, pageSize: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = integrationQuery(request.query);
      const rows = await exportRows(requirePrincipal(request), query);
      return sendCsv(reply, datedFileName('integration-list', 'csv'), serviceListCsv(rows, request.language));
    },
  );
};
