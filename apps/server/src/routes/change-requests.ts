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
  isOpenChangeRequestState,
  serviceChangeRequestsSchema,
  serviceIdParamSchema,
  updateChangeRequestSchema,
  type ChangeRequest,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
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
import { pagedListRoutes } from '../http/list-export.js';
import { apiRoutes, changeAnswers, createAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import type { ChangeRequestSnapshot } from '../model/change-request.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentChangeRequests, presentChangeRequestSummary } from '../presenters/change-request.js';
import { CHANGE_REQUEST_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { loadChangeRequestListPage } from '../queries/change-request-list.js';
import { loadServiceChangeRequests } from '../queries/change-requests.js';
import { loadVisibleChangeRequest } from '../writes/change-request-writes.js';
import type { Writes } from '../writes/pipeline.js';

/**
 * Change requests (ADR 0028): a service's requests, the list across services, and the steps
 * draft → handed in → released → applied (or withdrawn). Each step names the request's version.
 */
export const changeRequestRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('change requests'));
  const { db } = context.database;

  /** A request as the caller sees it now, with its service's present values. */
  const present = async (principal: AuthUser, snapshot: ChangeRequestSnapshot): Promise<ChangeRequest> => {
    const service = await loadVisibleService(db, snapshot.row.serviceId, principal);
    const [presented] = await presentChangeRequests(db, [snapshot], service);
    return presented!;
  };

  const { writes } = context;

  api.get('/services/:id/change-requests', {
    access: 'service.read',
    scope: 'services:read',
    summary: "A service's change requests, newest first, and whether the caller may start one",
    description:
      'For the provider side and the portfolio and integration managers; others get 404, as for a service they may not see.',
    params: serviceIdParamSchema,
    answer: serviceChangeRequestsSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      if (!canSeeChangeRequests(service.relation)) throw notFound();
      const snapshots = await loadServiceChangeRequests(db, service.row.id);
      const open = snapshots.find((s) => isOpenChangeRequestState(s.row.state));
      return {
        canCreate: !open && canCreateChangeRequest(service.relation),
        locked: open !== undefined && isLockingState(open.row.state),
        items: await presentChangeRequests(db, snapshots, service),
      };
    },
  });

  api.post('/services/:id/change-requests', {
    access: 'service.update',
    scope: 'services:write',
    summary: 'Start a change request (a draft) with the proposed field values',
    description:
      'The provider side or an integration manager, in the states where the provider side may not edit directly. One open request per service: 409 while one is open.',
    params: serviceIdParamSchema,
    body: createChangeRequestSchema,
    ...createAnswers(changeRequestSchema, 404, 409),
    handler: async (request, principal) =>
      present(principal, await createChangeRequest(writes, principal, request.params.id, request.body)),
  });

  pagedListRoutes(app, {
    path: '/change-requests',
    access: 'changeRequest.list',
    summary: 'The Change Request List: requests across services, filtered, searched, one page',
    description:
      'q: every word must begin a word of the service (ID, name, short description, keywords) or of the author (name, username), accents and umlauts folded. Sorting ends on the id, so pages are stable.',
    querystring: changeRequestListQuerySchema,
    answer: changeRequestListSchema,
    errors: [400, 401, 403],
    page: async (query, principal) => {
      const { items, total } = await loadChangeRequestListPage(db, principal, query);
      return { items: items.map(presentChangeRequestSummary), total };
    },
    export: { list: 'The Change Request List', fileName: 'change-requests', columns: CHANGE_REQUEST_EXPORT_COLUMNS },
  });

  api.get('/change-requests/:id', {
    access: 'service.read',
    scope: 'services:read',
    summary: 'One change request with its fields: current → new, decision, the present value',
    params: changeRequestIdParamSchema,
    answer: changeRequestSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const loaded = await loadVisibleChangeRequest(db, request.params.id, principal);
      if (!canSeeChangeRequests(loaded.service.relation)) throw notFound();
      return (await presentChangeRequests(db, [loaded], loaded.service))[0]!;
    },
  });

  api.patch('/change-requests/:id', {
    access: 'service.update',
    scope: 'services:write',
    summary: "Replace a draft's proposed values (its authors)",
    params: changeRequestIdParamSchema,
    body: updateChangeRequestSchema,
    ...changeAnswers(changeRequestSchema),
    handler: async (request, principal) =>
      present(principal, await updateChangeRequest(writes, principal, request.params.id, request.body)),
  });

  /** A step on one change request: the command takes it with the body; the answer is the request as it is now. */
  const step = <B extends z.ZodType>(
    method: 'post' | 'put',
    path: string,
    route: {
      access: 'service.update' | 'changeRequest.decide';
      summary: string;
      description?: string;
      body: B;
      command: (writes: Writes, principal: AuthUser, id: string, input: z.output<B>) => Promise<ChangeRequestSnapshot>;
    },
  ) =>
    api[method](`/change-requests/:id/${path}`, {
      access: route.access,
      // The provider side's steps: a token proposes changes, the portfolio manager decides on screen.
      ...(route.access === 'service.update' ? { scope: 'services:write' as const } : {}),
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      params: changeRequestIdParamSchema,
      body: route.body,
      ...changeAnswers(changeRequestSchema),
      handler: async (request, principal) =>
        present(principal, await route.command(writes, principal, request.params.id, request.body as z.output<B>)),
    });

  step('post', 'hand-in', {
    access: 'service.update',
    summary: 'Hand in a draft (its authors): the fields lock for the provider side',
    body: changeRequestStepSchema,
    command: handInChangeRequest,
  });
  step('post', 'withdraw', {
    access: 'service.update',
    summary: 'Withdraw a draft or handed-in request (its authors)',
    body: changeRequestStepSchema,
    command: withdrawChangeRequest,
  });
  step('post', 'release', {
    access: 'changeRequest.decide',
    summary: 'Release a handed-in request, recording the decisions sent with it',
    description:
      'The decisions and the release are one transaction: 409 naming the fields that stay undecided, and nothing is written.',
    body: releaseChangeRequestSchema,
    command: releaseChangeRequest,
  });
  step('put', 'decisions', {
    access: 'changeRequest.decide',
    summary: 'Accept or discard fields of a handed-in request',
    body: decideChangeRequestSchema,
    command: decideChangeRequest,
  });
  step('post', 'apply', {
    access: 'changeRequest.decide',
    summary: 'Apply a released request: the accepted values are written to the service',
    description:
      'One service.updated event per applied field, a new service version. A field the service changed since the request was made answers 409 unless overwrite names it.',
    body: applyChangeRequestSchema,
    command: applyChangeRequest,
  });
};
