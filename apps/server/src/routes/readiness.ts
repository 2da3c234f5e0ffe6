import { readinessResponseSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';

export const readinessRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Readiness: database, migrations and mail worker',
        description:
          'For a load balancer or orchestrator: 200 while this instance should get traffic, otherwise 503 with ' +
          'the check that failed. GET /api/health is the liveness probe.',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      const readiness = await context.readiness.check();
      reply.code(readiness.status === 'ready' ? 200 : 503).header('cache-control', 'no-store');
      return readiness;
    },
  );
};
