import { institutionListSchema, weightingCriteriaSchema } from '@nubes/domain';
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadWeightingCriteria } from '../commands/service-content.js';
import { institutions } from '../db/schema.js';
import { errorResponses } from '../http/openapi.js';
import type { Services } from '../services.js';

const security = [{ bearer: [] }];

/** Reference data the service screens pick from: institutions and the weighting criteria. */
export const institutionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { db } = services.database;

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
    async () => ({
      items: await db
        .select({
          id: institutions.id,
          abbreviation: institutions.abbreviation,
          name: institutions.name,
          url: institutions.url,
          isCentre: institutions.isCentre,
          isServiceProvider: institutions.isServiceProvider,
        })
        .from(institutions)
        .orderBy(asc(sql`lower(${institutions.abbreviation})`)),
    }),
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
