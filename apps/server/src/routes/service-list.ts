import {
  hasAnyRole,
  integrationListQuerySchema,
  isPortfolioManager,
  SERVICE_READER_ROLES,
  serviceListQuerySchema,
  serviceListResponseSchema,
  type ServiceListQuery,
} from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/principal.js';
import { users } from '../db/schema.js';
import {
  queryServiceList,
  serviceListConditions,
  serviceListOrder,
  type ServiceListCriteria,
  type SortKey,
} from '../db/service-list.js';
import { errorResponses } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { serviceListCsv } from '../presenters/service-csv.js';
import { presentServiceSummary } from '../presenters/service-summary.js';
import type { Services } from '../services.js';

/** The export holds every matching row, up to this many. */
export const MAX_EXPORT_ROWS = 10_000;

const tags = ['services'];
const security = [{ bearer: [] }];
const listDescription =
  'Only services the caller may see (drafts only of their own). q matches the beginnings of words in service ID, name, short description and keywords; every word must match. Sorting ends on the id, so pages are stable.';

export const serviceListRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

  const callerFor = async (principal: AuthUser, criteria: ServiceListCriteria) => {
    // Only "my centre" needs the caller's institution; the other lists spare the query.
    if (criteria.tab !== 'myCentre') return { principal, institutionId: null };
    const [row] = await db.select({ institutionId: users.institutionId }).from(users).where(eq(users.id, principal.id));
    return { principal, institutionId: row?.institutionId ?? null };
  };

  /**
   * A page of a list, served from the answer cache. The key holds everything the answer depends
   * on: the list, the query, and the caller's view of the portfolio: portfolio managers all see
   * the same, everyone else sees their own drafts, "mine" is personal, "my centre" per institution.
   */
  const cachedPage = async (
    reply: FastifyReply,
    kind: 'portfolio' | 'integration',
    principal: AuthUser,
    query: Omit<ServiceListQuery, 'sort'> & { sort: ServiceListQuery['sort'] | 'weighted' },
    orderBy: readonly SortKey[],
  ) => {
    const caller = await callerFor(principal, query);
    const view = isPortfolioManager(principal.roles)
      ? 'all'
      : `${principal.id}:${hasAnyRole(principal.roles, SERVICE_READER_ROLES) ? 'reader' : 'own'}`;
    const personal =
      query.tab === 'mine' ? principal.id : query.tab === 'myCentre' ? `centre:${caller.institutionId}` : '';
    const key = JSON.stringify([kind, view, personal, Object.entries(query).sort(([a], [b]) => a.localeCompare(b))]);
    const body = await services.serviceLists.get(key, async () => {
      const { rows, total } = await queryServiceList(db, serviceListConditions(query, caller), orderBy, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      const answer = { items: rows.map(presentServiceSummary), total, page: query.page, pageSize: query.pageSize };
      return JSON.stringify(serviceListResponseSchema.parse(answer));
    });
    // Serialized once per change: the string bypasses the serializer.
    return reply.header('content-type', 'application/json; charset=utf-8').send(body);
  };

  app.get(
    '/services',
    {
      config: { access: 'service.list' },
      schema: {
        tags,
        summary: 'The service portfolio: a tab, filters, full-text search, sort and a page',
        description: listDescription,
        security,
        querystring: serviceListQuerySchema,
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const query = request.query;
      return cachedPage(
        reply,
        'portfolio',
        requirePrincipal(request),
        query,
        serviceListOrder(query.sort, query.order),
      );
    },
  );

  app.get(
    '/services/mine',
    {
      config: { access: 'service.listOwn' },
      schema: {
        tags,
        summary: 'My Services: the services the caller is provider side of (object owner, owner, manager, admin)',
        security,
        querystring: serviceListQuerySchema.omit({ tab: true }),
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const query = { ...request.query, tab: 'mine' as const };
      return cachedPage(
        reply,
        'portfolio',
        requirePrincipal(request),
        query,
        serviceListOrder(query.sort, query.order),
      );
    },
  );

  app.get(
    '/services/export.csv',
    {
      config: { access: 'service.list' },
      schema: {
        tags,
        summary: 'The current view of the portfolio as CSV: every matching row (at most 10,000), no paging',
        description:
          'UTF-8 with a byte order mark, comma-separated (RFC 4180), header and states in the caller’s language, dates in German format. The auth cookie works, so a plain link downloads it.',
        security,
        querystring: serviceListQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const query = request.query;
      const where = serviceListConditions(query, await callerFor(principal, query));
      const { rows } = await queryServiceList(db, where, serviceListOrder(query.sort, query.order), {
        limit: MAX_EXPORT_ROWS,
        offset: 0,
      });
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="services-${query.tab ?? 'all'}-${date}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(serviceListCsv(rows, request.language));
    },
  );

  app.get(
    '/integration-list',
    {
      config: { access: 'service.integrationList' },
      schema: {
        tags,
        summary: 'The Service Integration List: services by weighted score, highest first, then by name',
        description: listDescription,
        security,
        querystring: integrationListQuerySchema,
        response: { 200: serviceListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      // The sort is fixed; 'weighted' in the key keeps these pages apart from the portfolio's.
      const query = { ...request.query, sort: 'weighted' as const, order: 'desc' as const };
      return cachedPage(reply, 'integration', requirePrincipal(request), query, serviceListOrder('weighted', 'desc'));
    },
  );
};
