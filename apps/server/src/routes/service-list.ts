import {
  INTEGRATION_WORK_STATES,
  integrationExportQuerySchema,
  serviceExportQuerySchema,
  type ServiceSummary,
  integrationListQuerySchema,
  type IntegrationListQuery,
  tabCountsQuerySchema,
  tabCountsSchema,
  serviceListQuerySchema,
  serviceListResponseSchema,
  type ServiceListQuery,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { listExportRoutes, type ExportPage } from '../http/list-export.js';
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { SERVICE_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentServiceSummary } from '../presenters/service-summary.js';
import {
  loadServiceListPage,
  serviceListPageQuery,
  loadTabCounts,
  type ListSort,
  type ServiceListPage,
} from '../queries/service-list.js';

const listDescription =
  'Only services the caller may see (drafts only of their own). q matches the beginnings of words in service ID, name, short description and keywords; every word must match. Sorting ends on the id, so pages are stable.';

export const serviceListRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('services'));
  /** A page of the matching services the caller may see, in the list's order, for an export. */
  const exportPage =
    (
      principal: AuthUser,
      query: Omit<ServiceListQuery, 'sort' | 'page' | 'pageSize'> & { sort: ListSort; ids?: string[] | undefined },
    ): ExportPage<ServiceSummary> =>
    async ({ page, pageSize }) =>
      (
        await serviceListPageQuery(context.database.db, principal, query, query.sort, query.order, {
          limit: pageSize,
          offset: (page - 1) * pageSize,
        })
      ).map(presentServiceSummary);

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

  api.get('/services', {
    access: 'service.list',
    scope: 'services:read',
    summary: 'The service portfolio: a tab, filters, full-text search, sort and a page',
    description: listDescription,
    querystring: serviceListQuerySchema,
    answer: serviceListResponseSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) => listPage(principal, request.query),
  });

  api.get('/services/tab-counts', {
    access: 'service.list',
    summary: 'How many services each portfolio tab holds under the search and filters, in one answer',
    description:
      'The same services the tab’s list counts (visible to the caller, matching q, provider and keyword). A state filter counts only in the tabs that hold that state, as the list drops it on a tab without it.',
    querystring: tabCountsQuerySchema,
    answer: tabCountsSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) => ({
      counts: await loadTabCounts(context.database.db, principal, request.query),
    }),
  });

  api.get('/services/mine', {
    access: 'service.listOwn',
    scope: 'services:read',
    summary: 'My Services: the services the caller is provider side of (object owner, owner, manager, admin)',
    querystring: serviceListQuerySchema.omit({ tab: true }),
    answer: serviceListResponseSchema,
    errors: [400, 401],
    handler: async (request, principal) => listPage(principal, { ...request.query, tab: 'mine' }),
  });

  listExportRoutes(app, {
    path: '/services',
    access: 'service.list',
    scope: 'services:read',
    list: 'The current view of the portfolio',
    description: `${listDescription} \`ids\` (comma-separated) keeps only the selected rows.`,
    querystring: serviceExportQuerySchema,
    item: serviceListResponseSchema.shape.items.element,
    fileName: (query) => (query.ids ? 'services-selected' : `services-${query.tab ?? 'all'}`),
    columns: SERVICE_EXPORT_COLUMNS,
    page: (query, principal) => exportPage(principal, query),
  });

  /** The integration list's query: its scope as states, its fixed order. */
  const integrationQuery = <Query extends Omit<IntegrationListQuery, 'page' | 'pageSize'>>({
    scope,
    ...query
  }: Query) => ({
    ...query,
    states: scope === 'work' ? INTEGRATION_WORK_STATES : undefined,
    // The order is fixed: highest score first, then by name.
    sort: 'weighted' as const,
    order: 'desc' as const,
  });

  api.get('/integration-list', {
    access: 'service.integrationList',
    summary: 'The Service Integration List: services by weighted score, highest first, then by name',
    description: `${listDescription} By default only the services in integration work (the states in which the integration manager takes the next step); scope=all for every state.`,
    querystring: integrationListQuerySchema,
    answer: serviceListResponseSchema,
    errors: [400, 401, 403],
    handler: async (request, principal) =>
      listPage(principal, {
        ...integrationQuery(request.query),
        page: request.query.page,
        pageSize: request.query.pageSize,
      }),
  });

  listExportRoutes(app, {
    path: '/integration-list',
    access: 'service.integrationList',
    list: 'The current view of the integration list',
    description: `${listDescription} In the integration list's order; \`ids\` (comma-separated) keeps only the selected rows.`,
    querystring: integrationExportQuerySchema,
    item: serviceListResponseSchema.shape.items.element,
    fileName: (query) => (query.ids ? 'integration-list-selected' : 'integration-list'),
    columns: SERVICE_EXPORT_COLUMNS,
    page: (query, principal) => exportPage(principal, integrationQuery(query)),
  });
};
