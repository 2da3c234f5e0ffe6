import {
  applyChangeRequestSchema,
  canCreateChangeRequest,
  canSeeChangeRequests,
  changeRequestIdParamSchema,
  changeRequestListQuerySchema,
  changeRequestListSchema,
  changeRequestSchema,
  changeRequestStepSchema,
  createChangeRequestSchema,
  decideChangeRequestSchema,
  releaseChangeRequestSchema,
  isLockingState,
  OPEN_CHANGE_REQUEST_STATES,
  serviceChangeRequestsSchema,
  serviceIdParamSchema,
  updateChangeRequestSchema,
  type ChangeRequest,
  type ChangeRequestState,
} from '@nubes/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import {
  applyChangeRequest,
  createChangeRequest,
  decideChangeRequest,
  handInChangeRequest,
  releaseChangeRequest,
  updateChangeRequest,
  withdrawChangeRequest,
} from '../commands/change-requests.js';
import { notFound } from '../http/http-error.js';
import { listExportRoutes } from '../http/list-export.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import type { ChangeRequestSnapshot } from '../model/change-request.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentChangeRequests, presentChangeRequestSummary } from '../presenters/change-request.js';
import { CHANGE_REQUEST_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { loadChangeRequestListPage } from '../queries/change-request-list.js';
import { loadServiceChangeRequests } from '../queries/change-requests.js';
import { loadVisibleChangeRequest } from '../writes/change-request-writes.js';
import type { Writes } from '../writes/pipeline.js';

const CHANGE_RESPONSES = { 200: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) };

type ChangeRequestCommand = (writes: Writes, principal: AuthUser) => Promise<ChangeRequestSnapshot>;

const isOpen = (state: ChangeRequestState) => (OPEN_CHANGE_REQUEST_STATES as readonly string[]).includes(state);

/**
 * Change requests (ADR 0028): a service's requests, the list across services, and the steps
 * draft → handed in → released → applied (or withdrawn). Each step names the request's version.
 */
export const changeRequestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('change requests'));
  const { db } = context.database;

  /** A request as the caller sees it now, with its service's present values. */
  const present = async (principal: AuthUser, snapshot: ChangeRequestSnapshot): Promise<ChangeRequest> => {
    const service = await loadVisibleService(db, snapshot.row.serviceId, principal);
    const [presented] = await presentChangeRequests(db, [snapshot], service);
    return presented!;
  };

  const respond = async (request: FastifyRequest, command: ChangeRequestCommand) => {
    const principal = requirePrincipal(request);
    return present(principal, await command(context.writes, principal));
  };

  app.get(
    '/services/:id/change-requests',
    {
      config: { access: 'service.read' },
      schema: {
        summary: "A service's change requests, newest first, and whether the caller may start one",
        description:
          'For the provider side and the portfolio and integration managers; others get 404, as for a service they may not see.',
        params: serviceIdParamSchema,
        response: { 200: serviceChangeRequestsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const service = await loadVisibleService(db, request.params.id, principal);
      if (!canSeeChangeRequests(service.relation)) throw notFound();
      const snapshots = await loadServiceChangeRequests(db, service.row.id);
      const open = snapshots.find((s) => isOpen(s.row.state));
      return {
        canCreate: !open && canCreateChangeRequest(service.relation),
        locked: open !== undefined && isLockingState(open.row.state),
        items: await presentChangeRequests(db, snapshots, service),
      };
    },
  );

  app.post(
    '/services/:id/change-requests',
    {
      config: { access: 'service.update' },
      schema: {
        summary: 'Start a change request (a draft) with the proposed field values',
        description:
          'The provider side or an integration manager, in the states where the provider side may not edit directly. One open request per service: 409 while one is open.',
        params: serviceIdParamSchema,
        body: createChangeRequestSchema,
        response: { 201: changeRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await respond(request, (writes, principal) =>
        createChangeRequest(writes, principal, request.params.id, request.body),
      );
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/change-requests',
    {
      config: { access: 'changeRequest.list' },
      schema: {
        summary: 'The Change Request List: requests across services, filtered, searched, one page',
        description:
          'q: every word must begin a word of the service (ID, name, short description, keywords) or of the author (name, username), accents and umlauts folded. Sorting ends on the id, so pages are stable.',
        querystring: changeRequestListQuerySchema,
        response: { 200: changeRequestListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { items, total } = await loadChangeRequestListPage(db, requirePrincipal(request), request.query);
      return {
        items: items.map(presentChangeRequestSummary),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  listExportRoutes(app, {
    path: '/change-requests',
    access: 'changeRequest.list',
    list: 'The Change Request List',
    querystring: changeRequestListQuerySchema.omit({ page: true, pageSize: true }).strict(),
    item: changeRequestListSchema.shape.items.element,
    fileName: () => 'change-requests',
    columns: CHANGE_REQUEST_EXPORT_COLUMNS,
    page: (request, query) => {
      const principal = requirePrincipal(request);
      return async (window) =>
        (await loadChangeRequestListPage(db, principal, { ...query, ...window })).items.map(
          presentChangeRequestSummary,
        );
    },
  });

  app.get(
    '/change-requests/:id',
    {
      config: { access: 'service.read' },
      schema: {
        summary: 'One change request with its fields: current → new, decision, the present value',
        params: changeRequestIdParamSchema,
        response: { 200: changeRequestSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const loaded = await loadVisibleChangeRequest(db, request.params.id, principal);
      if (!canSeeChangeRequests(loaded.service.relation)) throw notFound();
      return (await presentChangeRequests(db, [loaded], loaded.service))[0]!;
    },
  );

  app.patch(
    '/change-requests/:id',
    {
      config: { access: 'service.update' },
      schema: {
        summary: "Replace a draft's proposed values (its authors)",
        params: changeRequestIdParamSchema,
        body: updateChangeRequestSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => updateChangeRequest(writes, principal, request.params.id, request.body)),
  );

  const step = (
    path: string,
    access: 'service.update' | 'changeRequest.decide',
    summary: string,
    command: typeof handInChangeRequest,
  ) =>
    app.post(
      `/change-requests/:id/${path}`,
      {
        config: { access },
        schema: {
          summary,
          params: changeRequestIdParamSchema,
          body: changeRequestStepSchema,
          response: CHANGE_RESPONSES,
        },
      },
      async (request) =>
        respond(request, (writes, principal) => command(writes, principal, request.params.id, request.body)),
    );

  step(
    'hand-in',
    'service.update',
    'Hand in a draft (its authors): the fields lock for the provider side',
    handInChangeRequest,
  );
  step('withdraw', 'service.update', 'Withdraw a draft or handed-in request (its authors)', withdrawChangeRequest);

  app.post(
    '/change-requests/:id/release',
    {
      config: { access: 'changeRequest.decide' },
      schema: {
        summary: 'Release a handed-in request, recording the decisions sent with it',
        description:
          'The decisions and the release are one transaction: 409 naming the fields that stay undecided, and nothing is written.',
        params: changeRequestIdParamSchema,
        body: releaseChangeRequestSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => releaseChangeRequest(writes, principal, request.params.id, request.body)),
  );

  app.put(
    '/change-requests/:id/decisions',
    {
      config: { access: 'changeRequest.decide' },
      schema: {
        summary: 'Accept or discard fields of a handed-in request',
        params: changeRequestIdParamSchema,
        body: decideChangeRequestSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => decideChangeRequest(writes, principal, request.params.id, request.body)),
  );

  app.post(
    '/change-requests/:id/apply',
    {
      config: { access: 'changeRequest.decide' },
      schema: {
        summary: 'Apply a released request: the accepted values are written to the service',
        description:
          'One service.updated event per applied field, a new service version. A field the service changed since the request was made answers 409 unless overwrite names it.',
        params: changeRequestIdParamSchema,
        body: applyChangeRequestSchema,
        response: CHANGE_RESPONSES,
      },
    },
    async (request) =>
      respond(request, (writes, principal) => applyChangeRequest(writes, principal, request.params.id, request.body)),
  );
};
