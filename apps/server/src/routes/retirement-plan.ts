import {
  canReadRetirementPlan,
  retirementPlanRequestSchema,
  retirementPlanSchema,
  serviceIdParamSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { saveRetirementPlan } from '../commands/retirement-plan.js';
import { apiRoutes, changeAnswers } from '../http/api-route.js';
import { forbidden } from '../http/http-error.js';
import { tagRoutes } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentRetirementPlan } from '../presenters/retirement-plan.js';
import { loadRetirementPlan } from '../queries/retirement-plan.js';

/** A service's retirement plan (docs/adr/0122-retirement-plan.md): the provider side's and the portfolio manager's. */
export const retirementPlanRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('services'));
  const { db } = context.database;

  api.get('/services/:id/retirement-plan', {
    access: 'service.read',
    summary: 'A service’s retirement plan, with what retiring it still needs',
    description:
      'The provider side and the portfolio manager read it (403 for other readers of the service). Before the first save every item is null and `version` is 0; `problems` names, by item, what the retire step would refuse.',
    params: serviceIdParamSchema,
    answer: retirementPlanSchema,
    errors: [401, 403, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      if (!canReadRetirementPlan(service.relation)) throw forbidden();
      return presentRetirementPlan(await loadRetirementPlan(db, service.row.id), service.relation);
    },
  });

  api.put('/services/:id/retirement-plan', {
    access: 'service.update',
    summary: 'Save a discontinued service’s retirement plan; any item may still be empty',
    description:
      '`version` is the plan’s (0 before its first save); 409 when it is stale or the service is not discontinued. The successor must be another service the caller sees that is not retired (400 otherwise).',
    params: serviceIdParamSchema,
    body: retirementPlanRequestSchema,
    ...changeAnswers(retirementPlanSchema),
    handler: (request, principal) => saveRetirementPlan(context.writes, principal, request.params.id, request.body),
  });
};
