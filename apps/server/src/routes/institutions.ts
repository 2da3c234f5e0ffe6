import { institutionListSchema, weightingCriteriaSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { errorResponses } from '../http/openapi.js';
import { listInstitutions } from '../queries/institutions.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';

const security = [{ bearer: [] }];

/** Reference data the service screens pick from: institutions and the weighting criteria. */
export const institutionRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db } = context.database;

  app.get(
    '/institutions',
    {
      config: { access: 'institution.list' },
      schema: {
        tags: ['institutions'],
        summary: 'The institutions of the alliance (centres and service providers), by abbreviation',
        security,
        response: { 200: institutionListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ items: await listInstitutions(db) }),
  );

  app.get(
    '/weighting-criteria',
    {
      config: { access: 'weighting.read' },
      schema: {
        tags: ['services'],
        summary: 'The weighting criteria with their answer options, points and factors',
        security,
        response: { 200: weightingCriteriaSchema, ...errorResponses(401) },
      },
    },
    async () => ({
      items: (await loadWeightingCriteria(db)).map((criterion) => ({ ...criterion, options: [...criterion.options] })),
    }),
  );
};
