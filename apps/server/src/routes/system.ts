import {
  healthResponseSchema,
  publicConfigSchema,
  SERVICE_PORTFOLIO_INSTRUCTION,
  CONTACT_DATABASE_INSTRUCTION,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../services.js';

/** A hammered health check must not become a database load test: the ping is shared for a second. */
const PING_TTL_MS = 1000;

export const systemRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  let lastPing: { at: number; ok: boolean } | null = null;
  let inflight: Promise<boolean> | null = null;

  const databaseOk = async (): Promise<boolean> => {
    const now = Date.now();
    if (lastPing && now - lastPing.at < PING_TTL_MS) return lastPing.ok;
    inflight ??= services.database
      .ping()
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        lastPing = { at: Date.now(), ok };
        inflight = null;
        return ok;
      });
    return inflight;
  };

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (_request, reply) => {
      const ok = await databaseOk();
      reply.header('cache-control', 'no-store');
      if (!ok) return reply.code(503).send({ status: 'degraded', database: 'unavailable' });
      return { status: 'ok', database: 'ok' } as const;
    },
  );

  const publicConfig = {
    productName: services.config.branding.productName,
    logoUrl: services.config.branding.logoUrl,
    links: services.config.branding.links,
    instructions: { servicePortfolio: SERVICE_PORTFOLIO_INSTRUCTION, contactDatabase: CONTACT_DATABASE_INSTRUCTION },
    devIdp: services.config.devIdp,
  };

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Branding and links the web app shows',
        response: { 200: publicConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return publicConfig;
    },
  );
};
