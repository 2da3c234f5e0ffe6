import {
  historyResponseSchema,
  streamPageQuerySchema,
  translate,
  voDetailsSchema,
  voEntitlement,
  voIdParamSchema,
  voListQuerySchema,
  voListSchema,
  voNameCheckQuerySchema,
  voNameCheckSchema,
  voNameProblem,
  voNameTakenProblem,
  voServiceOptionsSchema,
  voSettingsSchema,
  userSearchQuerySchema,
  userSearchResponseSchema,
  voTransitionSchema,
  createVoSchema,
  updateVoSchema,
  type VoDetails,
  voListItemSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { createVo, transitionVo, updateVo } from '../commands/vos.js';
import { listExportRoutes } from '../http/list-export.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import type { VoSnapshot } from '../model/vo.js';
import { loadVisibleVo, voActorContext } from '../policies/vo-policy.js';
import { VO_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { presentVo, presentVoListItem } from '../presenters/vo.js';
import { listAuditEvents } from '../queries/service-history.js';
import { loadReservedVoNamePrefixEntries } from '../queries/vo-name-prefixes.js';
import { searchUsers } from '../queries/users.js';
import { isVoNameTaken, listVoPage, listVoServiceOptions, loadVoDetailsParts } from '../queries/vos.js';

const VO_RESPONSES = { 200: voDetailsSchema, ...errorResponses(400, 401, 403, 404, 409) };

/**
 * VO registration (docs/adr/0040-vo-registration.md): the applications of virtual organisations, their
 * workflow steps and history, and what the application's form needs (the name check, the AAI's
 * policy documents, the entitlement's form). A VO is read by its applicant and deputy, the VO
 * supervisors, the portfolio manager and the portal manager; others get 404.
 */
export const voRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('VOs'));
  const { db } = context.database;
  const { writes } = context;
  const settings = context.config.vos;

  /** A VO as the caller sees it now. */
  const present = async (principal: AuthUser, snapshot: VoSnapshot): Promise<VoDetails> => {
    const vo = { row: snapshot.row, context: voActorContext(principal, snapshot.row) };
    return presentVo(vo, await loadVoDetailsParts(db, snapshot.row));
  };

  app.get(
    '/vos',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: 'My VOs: the VOs the caller applied for or is deputy of; for reviewers also those waiting',
        description:
          'VO supervisors, the portfolio manager and the portal manager also get every VO waiting for a review step (received or approved), those first. q matches the name and the managers; sorting ends on the id, so pages are stable.',
        querystring: voListQuerySchema,
        response: { 200: voListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const { rows, total } = await listVoPage(db, principal, request.query);
      return {
        items: rows.map((row) => presentVoListItem(row, principal.id)),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.post(
    '/vos',
    {
      config: { access: 'vo.create' },
      schema: {
        summary: 'Start a VO application (a draft); the caller is its applicant',
        description:
          'Only the name is required; every other field is checked when present. 400 on `name` for a name that breaks a rule (characters, a reserved prefix, taken in any case).',
        body: createVoSchema,
        response: { 201: voDetailsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      return reply.code(201).send(await present(principal, await createVo(writes, principal, request.body)));
    },
  );

  listExportRoutes(app, {
    path: '/vos',
    access: 'vo.read',
    list: 'My VOs',
    description:
      'The VOs the list shows the caller: their own and, for reviewers, those waiting for a review step, those first.',
    querystring: voListQuerySchema.omit({ page: true, pageSize: true }).strict(),
    item: voListItemSchema,
    fileName: () => 'vos',
    columns: VO_EXPORT_COLUMNS,
    page: (request, query) => {
      const principal = requirePrincipal(request);
      return async (window) =>
        (await listVoPage(db, principal, { ...query, ...window })).rows.map((row) =>
          presentVoListItem(row, principal.id),
        );
    },
  });

  app.get(
    '/vos/name-check',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: 'Whether a VO name may be used: every name rule, uniqueness regardless of case included',
        description:
          '`id` names the VO being renamed: its own name counts as free. The message is in the caller’s language.',
        querystring: voNameCheckQuerySchema,
        response: { 200: voNameCheckSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { name, id } = request.query;
      const problem =
        voNameProblem(name, await loadReservedVoNamePrefixEntries(db)) ??
        ((await isVoNameTaken(db, name, id)) ? voNameTakenProblem() : null);
      return {
        name,
        ok: problem === null,
        rule: problem?.rule ?? null,
        message: problem ? translate(request.language, problem.key, problem.params) : null,
      };
    },
  );

  app.get(
    '/vos/service-options',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: 'The services a VO may choose on its application: every service online, by name',
        response: { 200: voServiceOptionsSchema, ...errorResponses(401) },
      },
    },
    async () => ({ items: await listVoServiceOptions(db) }),
  );

  app.get(
    '/vos/user-options',
    {
      config: { access: 'vo.create' },
      schema: {
        summary: "Find users by name, username or e-mail (at most 20, by name), to name a VO's deputy",
        description: 'For those who apply for VOs (voManager); the portal manager passes too.',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ items: await searchUsers(db, request.query.q) }),
  );

  app.get(
    '/vo-settings',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: "The VO application's settings: the AAI's policy documents and the entitlement's form",
        response: { 200: voSettingsSchema, ...errorResponses(401) },
      },
    },
    async () => ({
      policies: [...settings.policies],
      entitlementNamespace: settings.entitlement.namespace,
      entitlementAuthority: settings.entitlement.authority,
      entitlementPattern: voEntitlement('<VO name>', settings.entitlement),
    }),
  );

  app.get(
    '/vos/:id',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: 'One VO: every field, the steps the caller may take now, the comments, the entitlement once available',
        description:
          'For its applicant and deputy, the VO supervisors, the portfolio manager and the portal manager; others get 404.',
        params: voIdParamSchema,
        response: { 200: voDetailsSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const vo = await loadVisibleVo(db, request.params.id, requirePrincipal(request));
      return presentVo(vo, await loadVoDetailsParts(db, vo.row));
    },
  );

  app.patch(
    '/vos/:id',
    {
      config: { access: 'vo.update' },
      schema: {
        summary: "Save a VO application's pages (only what is named changes)",
        description:
          'Its applicant and deputy (others who may read it get 403), in draft only (409), with the version read (409 when stale). 400 with the fields that fail.',
        params: voIdParamSchema,
        body: updateVoSchema,
        response: VO_RESPONSES,
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return present(principal, await updateVo(writes, principal, request.params.id, request.body));
    },
  );

  app.post(
    '/vos/:id/transitions',
    {
      config: { access: 'vo.update' },
      schema: {
        summary: 'A workflow step: send, approve, make available, withdraw, back to draft',
        description:
          '409 when the version is stale or the step does not run from the current state, 403 when it is not for the caller, 400 when back to draft from received has no comment and when sending fails its check (every failing field).',
        params: voIdParamSchema,
        body: voTransitionSchema,
        response: VO_RESPONSES,
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return present(
        principal,
        await transitionVo(writes, principal, request.params.id, request.body, settings.entitlement),
      );
    },
  );

  app.get(
    '/vos/:id/history',
    {
      config: { access: 'vo.read' },
      schema: {
        summary: "A VO's audit events, newest first, each change old → new, a page at a time",
        params: voIdParamSchema,
        querystring: streamPageQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const vo = await loadVisibleVo(db, request.params.id, requirePrincipal(request));
      return presentHistoryPage(db, await listAuditEvents(db, 'vo', vo.row.id, request.query));
    },
  );
};
