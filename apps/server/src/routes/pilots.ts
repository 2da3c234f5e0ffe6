import {
  pilotExtensionRequestSchema,
  pilotListQuerySchema,
  pilotListSchema,
  servicePilotSchema,
  serviceIdParamSchema,
  serviceKindRequestSchema,
  todayIso,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { extendPilot, setServiceKind } from '../commands/pilots.js';
import { apiRoutes } from '../http/api-route.js';
import { changesOf } from './object-routes.js';
import { notFound } from '../http/http-error.js';
import { pagedListRoutes } from '../http/list-export.js';
import { tagRoutes } from '../http/openapi.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { PILOT_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { loadPilotList, loadServicePilot } from '../queries/pilots.js';

/** Pilot services (docs/adr/0121-pilot-services.md): a service's pilot facts, marking, the extension, the pilots ending. */
export const pilotRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('pilots'));
  const { db } = context.database;
  const today = () => todayIso(context.clock());

  const pilotOf = async (id: string) => {
    const pilot = await loadServicePilot(db, id, today());
    if (!pilot) throw notFound();
    return pilot;
  };

  const pilotChange = changesOf(context.writes, serviceIdParamSchema, servicePilotSchema, (_changed, id) =>
    pilotOf(id),
  );

  api.get('/services/:id/pilot', {
    access: 'service.read',
    summary: 'A service’s kind (pilot or regular) and, for a pilot, its end, its extension and where it stands',
    description: 'For everyone who may see the service; others get 404. `version` is the service’s.',
    params: serviceIdParamSchema,
    answer: servicePilotSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      return pilotOf(service.row.id);
    },
  });

  api.put('/services/:id/pilot', {
    access: 'pilot.manage',
    summary: 'Mark a service a pilot or a regular service',
    description:
      '`version` is the service’s; 409 when it is stale. Making a pilot a regular service is one of the decisions at its end.',
    ...pilotChange(serviceKindRequestSchema, setServiceKind),
  });

  api.post('/services/:id/pilot/extension', {
    access: 'pilot.manage',
    summary: 'Extend a running pilot once, with a reason and a new end after the current one',
    description:
      '`version` is the service’s; 409 when it is stale, when the pilot was extended already or when the service is no running pilot; 400 when the new end is not after the current one.',
    ...pilotChange(pilotExtensionRequestSchema, (writes, principal, id, body) =>
      extendPilot(writes, principal, id, body, context.clock()),
    ),
  });

  pagedListRoutes(app, {
    path: '/pilots',
    access: 'pilot.manage',
    summary: 'Pilots ending: the pilot services in the catalogue by their end, with their state today',
    description:
      'state: where a pilot stands today (a notice 6 or 3 months before its end, the decision due from its end on); extended: yes or no. Sorting ends on the name and the id, so pages are stable.',
    querystring: pilotListQuerySchema,
    answer: pilotListSchema,
    errors: [400, 401, 403],
    page: (query) => loadPilotList(db, query, today()),
    export: { list: 'Pilots ending', fileName: 'pilots-ending', columns: PILOT_EXPORT_COLUMNS },
  });
};
