import {
  announceDowntimeRequestSchema,
  canManageDowntimes,
  cancelDowntimeRequestSchema,
  downtimeIdParamSchema,
  downtimeSchema,
  endDowntimeRequestSchema,
  extendDowntimeRequestSchema,
  publicServiceParamSchema,
  serviceDowntimesSchema,
  serviceIdParamSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import {
  announceDowntime,
  cancelDowntime,
  endDowntimeNow,
  extendDowntime,
  setDowntimeSubscription,
} from '../commands/downtimes.js';
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { changesOf } from './object-routes.js';
import { invalidInput, notFound } from '../http/http-error.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { downtimeCalendar } from '../presenters/downtime-calendar.js';
import { presentDowntime } from '../presenters/downtime.js';
import { isSubscribed, loadCalendarDowntimes, loadDowntimeRow, loadServiceDowntimes } from '../queries/downtimes.js';
import { loadPublicService } from '../queries/public-service.js';

/** Announced downtimes (docs/adr/0124-announced-downtimes.md): a service's list, the changes, the subscription. */
export const downtimeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('downtimes'));
  const { db } = context.database;

  // Nothing to say beyond the address: a body is refused rather than ignored.
  const noBody = z.null().optional().describe('No body');

  const answer = async (id: string) => {
    const row = await loadDowntimeRow(db, id);
    if (!row) throw notFound();
    return presentDowntime(row, context.clock());
  };

  const downtimeChange = changesOf(context.writes, downtimeIdParamSchema, downtimeSchema, (_changed, id) => answer(id));

  api.get('/services/:id/downtimes', {
    access: 'service.read',
    summary: 'A service’s downtimes: the current and coming ones by start, then the past ones newest first',
    description:
      'For everyone who may see the service; others get 404. At most 50. `canAnnounce`: the caller may announce, end, extend and cancel (its provider side and the portfolio manager); `subscribed`: the caller gets its downtime mails.',
    params: serviceIdParamSchema,
    answer: serviceDowntimesSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      const now = context.clock();
      const [rows, subscribed] = await Promise.all([
        loadServiceDowntimes(db, service.row.id, now),
        isSubscribed(db, service.row.id, principal.id),
      ]);
      return {
        items: rows.map((row) => presentDowntime(row, now)),
        canAnnounce: canManageDowntimes(service.relation),
        subscribed,
      };
    },
  });

  api.post('/services/:id/downtimes', {
    access: 'downtime.manage',
    summary: 'Announce a downtime of a catalogue service: an outage or a degraded service, from start to end',
    description:
      'The service’s provider side and the portfolio manager (403 for other readers, 404 for those who may not see it). 409 when the service is not online, not available or at full capacity; 400 when the end is not after the start or has passed, or no description is written. The subscribers get a mail. At its start an outage makes the service not available, at its end it goes back (the downtimes job).',
    params: serviceIdParamSchema,
    body: announceDowntimeRequestSchema,
    ...createAnswers(downtimeSchema, 404, 409),
    handler: async (request, principal) => {
      const row = await announceDowntime(context.writes, principal, request.params.id, request.body, context.clock());
      return answer(row.id);
    },
  });

  api.post('/downtimes/:id/extension', {
    access: 'downtime.manage',
    summary: 'Extend a coming or current downtime to a later end',
    description:
      '`version` is the downtime’s; 409 when it is stale or the downtime has ended or was cancelled; 400 when the new end is not after the current one or has passed.',
    ...downtimeChange(extendDowntimeRequestSchema, (writes, principal, id, body) =>
      extendDowntime(writes, principal, id, body, context.clock()),
    ),
  });

  for (const [step, body, command, summary, description] of [
    [
      'end',
      endDowntimeRequestSchema,
      endDowntimeNow,
      'End a current downtime now',
      '`version` is the downtime’s; 409 when it is stale or the downtime is not current. A service the outage made not available goes back to the state it had, in the same transaction, unless someone moved it meanwhile.',
    ],
    [
      'cancellation',
      cancelDowntimeRequestSchema,
      cancelDowntime,
      'Cancel a coming downtime',
      '`version` is the downtime’s; 409 when it is stale or the downtime has started.',
    ],
  ] as const)
    api.post(`/downtimes/:id/${step}`, {
      access: 'downtime.manage',
      summary,
      description,
      ...downtimeChange(body, (writes, principal, id, { version }) =>
        command(writes, principal, id, version, context.clock()),
      ),
    });

  api.put('/services/:id/downtime-subscription', {
    access: 'service.read',
    summary: 'Get the mails of a service’s downtimes: at each announcement and each start',
    description: 'For everyone who may see the service (404 otherwise). Idempotent. No body (and no Content-Type).',
    params: serviceIdParamSchema,
    body: noBody,
    answer: z.null().describe('Subscribed'),
    status: 204,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      // No body reads as null, and so do a JSON `null` and an empty JSON body: only a request without a content type has none.
      if (request.body === null && request.headers['content-type'] !== undefined) throw invalidInput();
      await setDowntimeSubscription(context.writes, principal, request.params.id, true);
    },
  });

  api.delete('/services/:id/downtime-subscription', {
    access: 'service.read',
    summary: 'Stop the mails of a service’s downtimes',
    description: 'For everyone who may see the service (404 otherwise). Idempotent.',
    params: serviceIdParamSchema,
    answer: z.null().describe('Unsubscribed'),
    status: 204,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      await setDowntimeSubscription(context.writes, principal, request.params.id, false);
    },
  });
};

// Calendar clients poll: a minute's cache is fresh enough and spares the database.
const CALENDAR_CACHE_CONTROL = 'public, max-age=60';

/** The iCalendar feeds of the downtimes, public like the portfolio (RFC 5545, written by ical-generator). */
export const downtimeCalendarRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('public'));
  const { db } = context.database;
  const site = { productName: context.config.branding.productName, publicUrl: context.config.publicUrl };
  const calendar = { 200: z.string().describe('text/calendar') };

  app.get(
    '/public/downtimes.ics',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The downtimes of all public services as an iCalendar feed',
        description:
          'The current and coming downtimes of the catalogue services and those ended in the last 30 days; a cancelled one has STATUS:CANCELLED. Each event’s UID stays the same for its downtime; SEQUENCE grows with each change. Summaries in the caller’s language (Accept-Language).',
        produces: ['text/calendar'],
        response: calendar,
      },
    },
    async (request, reply) => {
      const now = context.clock();
      const body = downtimeCalendar(await loadCalendarDowntimes(db, now), { ...site, language: request.language });
      reply.header('cache-control', CALENDAR_CACHE_CONTROL).type('text/calendar; charset=utf-8').send(body);
    },
  );

  app.get(
    '/public/services/:serviceId/downtimes.ics',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One public service’s downtimes as an iCalendar feed',
        description:
          'By service ID (SVC-00042), as its public page; 404 for a service that has no public page. The same events as the feed of all services.',
        params: publicServiceParamSchema,
        produces: ['text/calendar'],
        response: { ...calendar, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const service = await loadPublicService(db, request.params.serviceId);
      if (!service) throw notFound();
      const now = context.clock();
      const body = downtimeCalendar(await loadCalendarDowntimes(db, now, service.serviceId), {
        ...site,
        language: request.language,
        service: service.name,
      });
      reply.header('cache-control', CALENDAR_CACHE_CONTROL).type('text/calendar; charset=utf-8').send(body);
    },
  );
};
