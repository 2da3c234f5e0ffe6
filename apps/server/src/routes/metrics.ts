import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { z } from 'zod';
import { notFound } from '../http/http-error.js';
import { errorResponses } from '../http/openapi.js';
import { metricsNetworks } from '../operations/metrics-access.js';

export const metricsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const allowedAddress = metricsNetworks(context.config.metrics.allow);

  app.get(
    '/metrics',
    {
      // Public to the access guard, which still reads a token: who may read is decided here.
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics',
        description:
          'The Prometheus text format: request durations by route, the mail outbox, the service list index age and ' +
          'the process. For a portalManager, or from the loopback or a network in METRICS_ALLOW (the client ' +
          'address is the forwarded one only with TRUST_PROXY); 404 for everyone else.',
        produces: ['text/plain'],
        response: { 200: z.unknown().meta({ description: 'The Prometheus text format' }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      // request.ip is the socket's address, or the forwarded client's when TRUST_PROXY trusts the proxy.
      const allowed = request.principal?.roles.includes('portalManager') === true || allowedAddress(request.ip);
      // Denied reads look like paths that do not exist.
      if (!allowed) throw notFound();
      const text = await context.metrics.text();
      return reply.header('cache-control', 'no-store').type(context.metrics.contentType).send(text);
    },
  );
};
