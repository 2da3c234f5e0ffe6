import {
  bulkReviewRequestSchema,
  bulkReviewResponseSchema,
  myReviewsResponseSchema,
  reviewActionRequestSchema,
  reviewListQuerySchema,
  reviewListResponseSchema,
  serviceIdParamSchema,
  serviceReviewSchema,
  type ManualReviewAction,
  type Principal,
  type ServiceRelation,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { bulkReviewAction, takeReviewAction } from '../commands/reviews.js';
import { listExportRoutes } from '../http/list-export.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { REVIEW_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentReviewListItem, presentServiceReview, reviewPeople } from '../presenters/review.js';
import { loadDisplayNames } from '../queries/display-names.js';
import { loadServiceReview } from '../queries/service-review.js';
import { loadReviewListPage, loadReviewsWaitingForProvider } from '../queries/service-review-list.js';
import { NO_REVIEW, type ReviewEntry } from '../model/review.js';

/** The portfolio manager's actions on one service; confirming is the provider side's (its own route). */
const MANAGER_ACTIONS = ['start', 'stop', 'end'] as const satisfies readonly ManualReviewAction[];

/** Service reviews (ADR 0029): the review list, bulk start and end, one service's review and its actions. */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('reviews'));
  const db = context.database.db;

  const answerFor = async (serviceId: string, relation: ServiceRelation, review: ReviewEntry | null) => {
    const entry = review ?? NO_REVIEW;
    const names = await loadDisplayNames(db, reviewPeople(entry));
    return presentServiceReview(serviceId, relation, entry, names);
  };

  app.get(
    '/reviews',
    {
      config: { access: 'review.list' },
      schema: {
        summary: 'The Service Review List: reviewable services and services with an open review, with their review',
        description:
          'Filters: portfolio tab (pipeline, catalogue), service state, provider, review status. `eligible` counts the matching services a bulk start, stop or end would touch.',
        querystring: reviewListQuerySchema,
        response: { 200: reviewListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const page = await loadReviewListPage(db, principal, request.query);
      const names = await loadDisplayNames(
        db,
        page.rows.flatMap(({ review }) => reviewPeople(review)),
      );
      return {
        items: page.rows.map((row) => presentReviewListItem(row, principal, names)),
        total: page.total,
        page: request.query.page,
        pageSize: request.query.pageSize,
        eligible: page.eligible,
      };
    },
  );

  listExportRoutes(app, {
    path: '/reviews',
    access: 'review.list',
    list: 'The Service Review List',
    querystring: reviewListQuerySchema.omit({ page: true, pageSize: true }).strict(),
    item: reviewListResponseSchema.shape.items.element,
    fileName: () => 'reviews',
    columns: REVIEW_EXPORT_COLUMNS,
    page: (request, query) => {
      const principal = requirePrincipal(request);
      return async (window) => {
        const page = await loadReviewListPage(db, principal, { ...query, ...window });
        const names = await loadDisplayNames(
          db,
          page.rows.flatMap(({ review }) => reviewPeople(review)),
        );
        return page.rows.map((row) => presentReviewListItem(row, principal, names));
      };
    },
  });

  app.post(
    '/reviews/bulk',
    {
      config: { access: 'review.manage' },
      schema: {
        summary:
          'Start, stop or end the reviews of every service the review list’s filters select, or of selected services',
        description:
          'One transaction, one audit event per service. `ids` narrows the filters to the services a person selected in a list (at most 100). `count` is the number the person confirmed; 409 reviews.errors.countChanged when the filters (and ids) now select another number, and nothing is written.',
        body: bulkReviewRequestSchema,
        response: { 200: bulkReviewResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ({
      count: await bulkReviewAction(context.writes, requirePrincipal(request), request.body),
    }),
  );

  app.get(
    '/reviews/mine',
    {
      config: { access: 'service.listOwn' },
      schema: {
        summary: 'My Services: the caller’s services whose review waits for their answer',
        response: { 200: myReviewsResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const rows = await loadReviewsWaitingForProvider(db, requirePrincipal(request));
      return {
        items: rows.map((row) => ({
          id: row.id,
          serviceId: row.serviceId,
          name: row.name,
          startedAt: row.startedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.get(
    '/services/:id/review',
    {
      config: { access: 'service.read' },
      schema: {
        summary: 'A service’s review with the review actions the caller may take',
        params: serviceIdParamSchema,
        response: { 200: serviceReviewSchema, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const principal: Principal = requirePrincipal(request);
      const { service, review } = await loadServiceReview(db, request.params.id, principal);
      return answerFor(service.row.id, service.relation, review);
    },
  );

  const actionRoute = (action: ManualReviewAction, access: 'review.manage' | 'service.update', summary: string) =>
    app.post(
      `/services/:id/review/${action}`,
      {
        config: { access },
        schema: {
          summary,
          description:
            '`version` is the review’s (0 for a service that never had one), not the service’s. 409 when it is stale, when the review status does not allow the action or (start) the service is in no reviewable state; 403 when the action is not the caller’s.',
          params: serviceIdParamSchema,
          body: reviewActionRequestSchema,
          response: { 200: serviceReviewSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const principal = requirePrincipal(request);
        const { service, review } = await takeReviewAction(
          context.writes,
          principal,
          request.params.id,
          action,
          request.body.version,
        );
        return answerFor(service.row.id, service.relation, review);
      },
    );

  const summaries: Record<(typeof MANAGER_ACTIONS)[number], string> = {
    start: 'Start a review of the service (service portfolio manager)',
    stop: 'Stop a running review nobody has answered: as if it had never started (service portfolio manager)',
    end: 'End a review, answered or not; its outcome stays as the last review (service portfolio manager)',
  };
  for (const action of MANAGER_ACTIONS) actionRoute(action, 'review.manage', summaries[action]);
  actionRoute('confirm', 'service.update', 'Confirm that the service needs no changes (its provider side)');
};
