import {
  updateWeightingCriterionSchema,
  weightingCriterionKeyParamSchema,
  weightingCriterionSavedSchema,
  weightingSettingsSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { updateWeightingCriterion } from '../commands/weighting.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { presentWeightingCriterion } from '../presenters/weighting-settings.js';
import { listWeightingSettings } from '../queries/weighting-criteria.js';

/** The admin panel's weighting section: criteria with their versions, and a change of one (docs/adr/0036-admin-panel-sections.md). */
export const weightingSettingsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('admin'));
  const { db } = context.database;

  app.get(
    '/weighting-settings',
    {
      config: { access: 'weighting.manage' },
      schema: {
        summary: 'The weighting criteria with their factors, options, points and versions, for editing',
        response: { 200: weightingSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ items: (await listWeightingSettings(db)).map(presentWeightingCriterion) }),
  );

  app.put(
    '/weighting-settings/:key',
    {
      config: { access: 'weighting.manage' },
      schema: {
        summary:
          "Change a criterion's factor and its options' labels and points; every service's score is recomputed in the same transaction",
        params: weightingCriterionKeyParamSchema,
        body: updateWeightingCriterionSchema,
        response: { 200: weightingCriterionSavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { row, rescored } = await updateWeightingCriterion(
        context.writes,
        requirePrincipal(request),
        request.params.key,
        request.body,
      );
      return { criterion: presentWeightingCriterion(row), rescored };
    },
  );
};
