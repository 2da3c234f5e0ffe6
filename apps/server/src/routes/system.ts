import {
  healthResponseSchema,
  publicConfigSchema,
  SERVICE_PORTFOLIO_INSTRUCTION,
  CONTACT_DATABASE_INSTRUCTION,
} from '@nubes/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { tagRoutes } from '../http/openapi.js';

/** A hammered health check must not become a database load test: the ping is shared for a second. */
const PING_TTL_MS = 1000;
const HEALTHY_BODY = JSON.stringify(healthResponseSchema.parse({ status: 'ok', database: 'ok' }));
const HEALTHY_HEADERS = { 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' };

export const systemRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('system'));
  let lastPing: { at: number; ok: boolean } | null = null;
  let inflight: Promise<boolean> | null = null;

  /** The last ping's verdict while it is fresh, otherwise null (a new ping is due). */
  const freshVerdict = (): boolean | null => (lastPing && Date.now() - lastPing.at < PING_TTL_MS ? lastPing.ok : null);

  const ping = (): Promise<boolean> =>
    (inflight ??= context.database
      .ping()
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        lastPing = { at: Date.now(), ok };
        inflight = null;
        return ok;
      }));

  const answer = (reply: FastifyReply, ok: boolean): void => {
    if (ok) {
      // Serialized once (a string bypasses the serializer): the answer never changes while the database is up.
      reply.headers(HEALTHY_HEADERS).send(HEALTHY_BODY as never);
      return;
    }
    reply.code(503).header('cache-control', 'no-store').send({ status: 'degraded', database: 'unavailable' });
  };

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    // Not async: with a fresh verdict the answer goes out without waiting on a promise.
    (_request, reply) => {
      const verdict = freshVerdict();
      if (verdict !== null) return answer(reply, verdict);
      return ping().then((ok) => answer(reply, ok));
    },
  );

  const publicConfig = {
    productName: context.config.branding.productName,
    logoUrl: context.config.branding.logoUrl,
    logoDarkUrl: context.config.branding.logoDarkUrl,
    links: context.config.branding.links,
    instructions: { servicePortfolio: SERVICE_PORTFOLIO_INSTRUCTION, contactDatabase: CONTACT_DATABASE_INSTRUCTION },
    devIdp: context.config.devIdp,
  };

  app.get(
    '/config',
    {
      config: { access: 'public' },
      schema: {
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
