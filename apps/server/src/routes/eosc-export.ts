import {
  eoscServicePageQuerySchema,
  eoscServicePageSchema,
  eoscServiceSchema,
  publicServiceParamSchema,
  type EoscService,
} from '@nubes/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { notFound } from '../http/http-error.js';
import { publicGet } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { requestLog } from '../http/portal-log.js';
import { eoscProfileViolations } from '../json-schema/eosc-service-profile.js';
import { presentEoscService } from '../presenters/eosc-service.js';
import { listEoscServices } from '../queries/eosc-services.js';
import { loadPublicService, type PublicServiceRow } from '../queries/public-service.js';

// Public and revalidated on every use, as the public portfolio's answers (docs/adr/0097-public-answers-revalidate.md).
const CACHE_CONTROL = 'public, no-cache';

/**
 * The public portfolio in the EOSC service profile (docs/eosc-mapping.md): one service, or the
 * whole catalogue a page at a time. A record that breaks the profile's JSON Schema is never sent:
 * it is logged with its violations and left out, so the one service answers 404 and the page
 * goes on without it (docs/adr/0114-an-api-document-clients-can-trust.md).
 */
export const eoscExportRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('public'));
  const { db } = context.database;

  const recordOf = (request: FastifyRequest, row: PublicServiceRow): EoscService | null => {
    const record = presentEoscService(row, context.config.publicUrl);
    const violations = eoscProfileViolations(record);
    if (violations.length === 0) return record;
    requestLog(context.log, request).warn(
      { serviceId: row.serviceId, violations },
      'a service breaks the EOSC service profile and is left out of the export',
    );
    return null;
  };

  publicGet(app, '/public/services/:serviceId/eosc', {
    summary: 'A public service in the EOSC service profile',
    description:
      'By service ID (SVC-00042). The elements of the EOSC service profile that the public fields fill (docs/eosc-mapping.md), checked against the profile’s JSON Schema. A service the public portfolio does not list, or one whose record would break the schema, answers 404.',
    params: publicServiceParamSchema,
    answer: eoscServiceSchema,
    errors: [404],
    handler: async (request, reply) => {
      const row = await loadPublicService(db, request.params.serviceId);
      const record = row ? recordOf(request, row) : null;
      if (!record) throw notFound();
      reply.header('cache-control', CACHE_CONTROL);
      return record;
    },
  });

  publicGet(app, '/public/eosc/services', {
    summary: 'Every public service in the EOSC service profile, a page at a time',
    description:
      'The services the public portfolio lists, in service ID order: `limit` of them (50 unless asked, at most 200) after the `cursor`, which is the `nextCursor` of the previous page (null after the last). A record that would break the profile’s JSON Schema is left out.',
    querystring: eoscServicePageQuerySchema,
    answer: eoscServicePageSchema,
    errors: [400],
    handler: async (request, reply) => {
      const page = await listEoscServices(db, { after: request.query.cursor, limit: request.query.limit });
      reply.header('cache-control', CACHE_CONTROL);
      return {
        items: page.rows.map((row) => recordOf(request, row)).filter((record) => record !== null),
        nextCursor: page.nextCursor,
      };
    },
  });
};
