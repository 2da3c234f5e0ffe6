import {
  nextReviewRequestSchema,
  nextReviewSchema,
  reviewScheduleSettingsRequestSchema,
  reviewScheduleSettingsSchema,
  serviceIdParamSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { setNextReview, updateReviewScheduleSettings } from '../commands/review-schedule.js';
import { apiRoutes, changeAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { loadReviewScheduleSettings } from '../queries/review-schedule.js';

/** Reviews on a schedule (docs/adr/0116-reviews-on-a-schedule.md): the intervals, a service's date. */
export const reviewScheduleRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('reviews'));
  const { db } = context.database;

  api.get('/review-schedule/settings', {
    access: 'review.list',
    summary: 'The intervals between reviews: the default and the one for pilot services, in months',
    answer: reviewScheduleSettingsSchema,
    errors: [401, 403],
    handler: () => loadReviewScheduleSettings(db),
  });

  api.put('/review-schedule/settings', {
    access: 'review.manage',
    summary: 'Save the intervals between reviews; every next review date that follows the default moves with it',
    description: '`version` is the settings’ (0 while nobody saved them); 409 when it is stale.',
    body: reviewScheduleSettingsRequestSchema,
    answer: reviewScheduleSettingsSchema,
    errors: [400, 401, 403, 409],
    handler: (request, principal) => updateReviewScheduleSettings(context.writes, principal, request.body),
  });

  api.put('/services/:id/next-review', {
    access: 'review.manage',
    summary: 'Set a catalogue service’s next review date; it holds until a review ends after it',
    description:
      '`version` is the service’s schedule row’s (0 without one, as GET /services/{id}/review answers it); 409 when it is stale or the service is not in the catalogue.',
    params: serviceIdParamSchema,
    body: nextReviewRequestSchema,
    ...changeAnswers(nextReviewSchema),
    handler: (request, principal) => setNextReview(context.writes, principal, request.params.id, request.body),
  });
};
