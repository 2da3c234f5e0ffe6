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
  type ServiceRelation,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { bulkReviewAction, takeReviewAction } from '../commands/reviews.js';
import { pagedListRoutes } from '../http/list-export.js';
import { apiRoutes, changeAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { REVIEW_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentReviewListItem, presentServiceReview, reviewPeople } from '../presenters/review.js';
import { loadDisplayNames } from '../queries/display-names.js';
import { loadServiceReview } from '../queries/service-review.js';
import { loadNextReview } from '../queries/review-schedule.js';
import { loadReviewListPage, loadReviewsWaitingForProvider } from '../queries/service-review-list.js';
import { NO_REVIEW, type ReviewEntry } from '../model/review.js';

/** The portfolio manager's actions on one service; confirming is the provider side's (its own route). */
const MANAGER_ACTIONS = ['start', 'stop', 'end'] as const satisfies readonly ManualReviewAction[];

/** Service reviews (ADR 0029): the review list, bulk start and end, one service's review and its actions. */
export const reviewRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('reviews'));
  const db = context.database.db;

  const answerFor = async (serviceId: string, relation: ServiceRelation, review: ReviewEntry | null) => {
    const entry = review ?? NO_REVIEW;
    const [names, nextReview] = await Promise.all([
      loadDisplayNames(db, reviewPeople(entry)),
      loadNextReview(db, serviceId),
    ]);
    return presentServiceReview(serviceId, relation, entry, names, nextReview);
  };

  pagedListRoutes(app, {
    path: '/reviews',
    access: 'review.list',
    summary: 'The Service Review List: reviewable services and services with an open review, with their review',
    description:
      'Filters: portfolio tab (pipeline, catalogue), service state, provider, review status, schedule (due, overdue, due in the next 30 days). `eligible` counts the matching services a bulk start, stop or end would touch.',
    querystring: reviewListQuerySchema,
    answer: reviewListResponseSchema,
    errors: [400, 401, 403],
    page: async (query, principal) => {
      const { rows, total, eligible, names } = await loadReviewListPage(db, principal, query, context.clock());
      return { items: rows.map((row) => presentReviewListItem(row, principal, names)), total, eligible };
    },
    export: { list: 'The Service Review List', fileName: 'reviews', columns: REVIEW_EXPORT_COLUMNS },
  });

  api.post('/reviews/bulk', {
    access: 'review.manage',
    summary:
      'Start, stop or end the reviews of every service the review list’s filters select, or of selected services',
    description:
      'One transaction, one audit event per service. `ids` narrows the filters to the services a person selected in a list (at most 100). `count` is the number the person confirmed; 409 reviews.errors.countChanged when the filters (and ids) now select another number, and nothing is written.',
    body: bulkReviewRequestSchema,
    answer: bulkReviewResponseSchema,
    errors: [400, 401, 403, 409],
    handler: async (request, principal) => ({
      count: await bulkReviewAction(context.writes, principal, request.body),
    }),
  });

  api.get('/reviews/mine', {
    access: 'service.listOwn',
    summary: 'My Services: the caller’s services whose review waits for their answer',
    answer: myReviewsResponseSchema,
    errors: [401],
    handler: async (_request, principal) => {
      const rows = await loadReviewsWaitingForProvider(db, principal);
      return {
        items: rows.map((row) => ({
          id: row.id,
          serviceId: row.serviceId,
          name: row.name,
          startedAt: row.startedAt?.toISOString() ?? null,
        })),
      };
    },
  });

  api.get('/services/:id/review', {
    access: 'service.read',
    summary: 'A service’s review with the review actions the caller may take',
    params: serviceIdParamSchema,
    answer: serviceReviewSchema,
    errors: [401, 404],
    handler: async (request, principal) => {
      const { service, review } = await loadServiceReview(db, request.params.id, principal);
      return answerFor(service.row.id, service.relation, review);
    },
  });

  const actionRoute = (action: ManualReviewAction, access: 'review.manage' | 'service.update', summary: string) =>
    api.post(`/services/:id/review/${action}`, {
      access,
      summary,
      description:
        '`version` is the review’s (0 for a service that never had one), not the service’s. 409 when it is stale, when the review status does not allow the action or (start) the service is in no reviewable state; 403 when the action is not the caller’s.',
      params: serviceIdParamSchema,
      body: reviewActionRequestSchema,
      ...changeAnswers(serviceReviewSchema),
      handler: async (request, principal) => {
        const { service, review } = await takeReviewAction(
          context.writes,
          principal,
          request.params.id,
          action,
          request.body.version,
        );
        return answerFor(service.row.id, service.relation, review);
      },
    });

  const summaries: Record<(typeof MANAGER_ACTIONS)[number], string> = {
    start: 'Start a review of the service (service portfolio manager)',
    stop: 'Stop a running review nobody has answered: as if it had never started (service portfolio manager)',
    end: 'End a review, answered or not; its outcome stays as the last review (service portfolio manager)',
  };
  for (const action of MANAGER_ACTIONS) actionRoute(action, 'review.manage', summaries[action]);
  actionRoute('confirm', 'service.update', 'Confirm that the service needs no changes (its provider side)');
};
