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
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import { createVo, transitionVo, updateVo } from '../commands/vos.js';
import { pagedListRoutes } from '../http/list-export.js';
import { apiRoutes, createAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { changesOf } from './object-routes.js';
import type { VoSnapshot } from '../model/vo.js';
import { loadVisibleVo, voActorContext } from '../policies/vo-policy.js';
import { VO_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { presentVo, presentVoListItem } from '../presenters/vo.js';
import { listAuditEvents } from '../queries/service-history.js';
import { loadReservedVoNamePrefixEntries } from '../queries/vo-name-prefixes.js';
import { searchUsers } from '../queries/users.js';
import { isVoNameTaken, listVoPage, listVoServiceOptions, loadVoDetailsParts } from '../queries/vos.js';

/**
 * VO registration (docs/adr/0040-vo-registration.md): the applications of virtual organisations, their
 * workflow steps and history, and what the application's form needs (the name check, the AAI's
 * policy documents, the entitlement's form). A VO is read by its applicant and deputy, the VO
 * supervisors, the portfolio manager and the portal manager; others get 404.
 */
export const voRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('VOs'));
  const { db } = context.database;
  const { writes } = context;
  const settings = context.config.vos;

  /** A VO as the caller sees it now. */
  const present = async (principal: AuthUser, snapshot: VoSnapshot): Promise<VoDetails> => {
    const vo = { row: snapshot.row, context: voActorContext(principal, snapshot.row) };
    return presentVo(vo, await loadVoDetailsParts(db, snapshot.row));
  };
  const voChange = changesOf(writes, voIdParamSchema, voDetailsSchema, (snapshot: VoSnapshot, _id, principal) =>
    present(principal, snapshot),
  );

  pagedListRoutes(app, {
    path: '/vos',
    access: 'vo.read',
    scope: 'vos:read',
    summary: 'My VOs: the VOs the caller applied for or is deputy of; for reviewers also those waiting',
    description:
      'VO supervisors, the portfolio manager and the portal manager also get every VO waiting for a review step (received or approved), those first. q matches the name and the managers; sorting ends on the id, so pages are stable.',
    querystring: voListQuerySchema,
    answer: voListSchema,
    errors: [400, 401],
    page: async (query, principal) => {
      const { rows, total } = await listVoPage(db, principal, query);
      return { items: rows.map((row) => presentVoListItem(row, principal.id)), total };
    },
    export: {
      list: 'My VOs',
      description:
        'The VOs the list shows the caller: their own and, for reviewers, those waiting for a review step, those first.',
      fileName: 'vos',
      columns: VO_EXPORT_COLUMNS,
    },
  });

  api.post('/vos', {
    access: 'vo.create',
    summary: 'Start a VO application (a draft); the caller is its applicant',
    description:
      'Only the name is required; every other field is checked when present. 400 on `name` for a name that breaks a rule (characters, a reserved prefix, taken in any case).',
    body: createVoSchema,
    ...createAnswers(voDetailsSchema),
    handler: async (request, principal) => present(principal, await createVo(writes, principal, request.body)),
  });

  api.get('/vos/name-check', {
    access: 'vo.read',
    summary: 'Whether a VO name may be used: every name rule, uniqueness regardless of case included',
    description:
      '`id` names the VO being renamed: its own name counts as free. The message is in the caller’s language.',
    querystring: voNameCheckQuerySchema,
    answer: voNameCheckSchema,
    errors: [400, 401],
    handler: async (request) => {
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
  });

  api.get('/vos/service-options', {
    access: 'vo.read',
    summary: 'The services a VO may choose on its application: every service online, by name',
    answer: voServiceOptionsSchema,
    errors: [401],
    handler: async () => ({ items: await listVoServiceOptions(db) }),
  });

  api.get('/vos/user-options', {
    access: 'vo.create',
    summary: "Find users by name, username or e-mail (at most 20, by name), to name a VO's deputy",
    description: 'For those who apply for VOs (voManager); the portal manager passes too.',
    querystring: userSearchQuerySchema,
    answer: userSearchResponseSchema,
    errors: [400, 401, 403],
    handler: async (request) => ({ items: await searchUsers(db, request.query.q) }),
  });

  api.get('/vo-settings', {
    access: 'vo.read',
    scope: 'vos:read',
    summary: "The VO application's settings: the AAI's policy documents and the entitlement's form",
    answer: voSettingsSchema,
    errors: [401],
    handler: async () => ({
      policies: [...settings.policies],
      entitlementNamespace: settings.entitlement.namespace,
      entitlementAuthority: settings.entitlement.authority,
      entitlementPattern: voEntitlement('<VO name>', settings.entitlement),
    }),
  });

  api.get('/vos/:id', {
    access: 'vo.read',
    scope: 'vos:read',
    summary: 'One VO: every field, the steps the caller may take now, the comments, the entitlement once available',
    description:
      'For its applicant and deputy, the VO supervisors, the portfolio manager and the portal manager; others get 404.',
    params: voIdParamSchema,
    answer: voDetailsSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const vo = await loadVisibleVo(db, request.params.id, principal);
      return presentVo(vo, await loadVoDetailsParts(db, vo.row));
    },
  });

  api.patch('/vos/:id', {
    access: 'vo.update',
    summary: "Save a VO application's pages (only what is named changes)",
    description:
      'Its applicant and deputy (others who may read it get 403), in draft only (409), with the version read (409 when stale). 400 with the fields that fail.',
    ...voChange(updateVoSchema, updateVo),
  });

  api.post('/vos/:id/transitions', {
    access: 'vo.update',
    summary: 'A workflow step: send, approve, make available, withdraw, back to draft',
    description:
      '409 when the version is stale or the step does not run from the current state, 403 when it is not for the caller, 400 when back to draft from received has no comment and when sending fails its check (every failing field).',
    ...voChange(voTransitionSchema, (writes, principal, id, body) =>
      transitionVo(writes, principal, id, body, settings.entitlement),
    ),
  });

  api.get('/vos/:id/history', {
    access: 'vo.read',
    scope: 'vos:read',
    summary: "A VO's audit events, newest first, each change old → new, a page at a time",
    params: voIdParamSchema,
    querystring: streamPageQuerySchema,
    answer: historyResponseSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const vo = await loadVisibleVo(db, request.params.id, principal);
      return presentHistoryPage(db, await listAuditEvents(db, 'vo', vo.row.id, request.query));
    },
  });
};
