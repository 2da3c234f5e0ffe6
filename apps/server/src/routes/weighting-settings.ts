import {
  updateWeightingCriterionSchema,
  weightingCriterionKeyParamSchema,
  weightingCriterionSavedSchema,
  weightingSettingsSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { updateWeightingCriterion } from '../commands/weighting.js';
import { apiRoutes, changeAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { listWeightingSettings } from '../queries/weighting-criteria.js';

/** The admin panel's weighting section: criteria with their versions, and a change of one (docs/adr/0036-admin-panel-sections.md). */
export const weightingSettingsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  api.get('/weighting-settings', {
    access: 'weighting.manage',
    summary: 'The weighting criteria with their factors, options, points and versions, for editing',
    answer: weightingSettingsSchema,
    errors: [401, 403],
    handler: async () => ({ items: await listWeightingSettings(db) }),
  });

  api.put('/weighting-settings/:key', {
    access: 'weighting.manage',
    summary:
      "Change a criterion's factor and its options' labels and points; every service's score is recomputed in the same transaction",
    params: weightingCriterionKeyParamSchema,
    body: updateWeightingCriterionSchema,
    ...changeAnswers(weightingCriterionSavedSchema),
    handler: async (request, principal) => {
      const { row, rescored } = await updateWeightingCriterion(
        context.writes,
        principal,
        request.params.key,
        request.body,
      );
      return { criterion: row, rescored };
    },
  });
};
