import {
  bringUserBackSchema,
  can,
  endedSessionsSchema,
  markUserGoneSchema,
  updateUserRolesSchema,
  userAccountIdParamSchema,
  userAccountListSchema,
  userAccountQuerySchema,
  userAccountSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { endSessionsOfUser } from '../commands/sessions.js';
import { updateUserRoles } from '../commands/update-user-roles.js';
import { bringUserBack, markUserGone } from '../commands/user-gone.js';
import { notFound } from '../http/http-error.js';
import { pagedListRoutes } from '../http/list-export.js';
import { apiRoutes, objectAnswers } from '../http/api-route.js';
import { changesOf } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
import { USER_ACCOUNT_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { idsInHistory } from '../presenters/service-history.js';
import { presentUserAccount, presentUserAccountRow } from '../presenters/user-account.js';
import { findContactByEmail } from '../queries/contacts.js';
import { loadAuditObjectNames } from '../queries/audit-log.js';
import { loadDisplayNames } from '../queries/display-names.js';
import { findUserAccount, listUserAccounts, listUserAuditEvents } from '../queries/user-accounts.js';

/** The User Accounts screen: every account with its roles, groups and audit events; roles change here. */
export const userAccountRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('users'));
  const { db } = context.database;

  const loadAccount = async (id: string, canManageRoles: boolean, canMarkGone = canManageRoles) => {
    const row = await findUserAccount(db, id);
    if (!row) throw notFound();
    const events = await listUserAuditEvents(db, id);
    return presentUserAccount(
      row,
      events,
      await loadDisplayNames(db, idsInHistory(events)),
      await loadAuditObjectNames(db, events),
      canManageRoles,
      canMarkGone,
      await findContactByEmail(db, row.email),
    );
  };

  const accountChange = changesOf(context.writes, userAccountIdParamSchema, userAccountSchema, (_changed, id) =>
    loadAccount(id, true),
  );

  pagedListRoutes(app, {
    path: '/user-accounts',
    access: 'user.readAny',
    summary: 'User accounts by name, username or e-mail, role and institution; sorted and paged',
    querystring: userAccountQuerySchema,
    answer: userAccountListSchema,
    errors: [400, 401, 403],
    page: async (query) => {
      const { rows, total } = await listUserAccounts(db, query);
      return { items: rows.map(presentUserAccountRow), total };
    },
    export: { list: 'The user accounts', fileName: 'user-accounts', columns: USER_ACCOUNT_EXPORT_COLUMNS },
  });

  api.get('/user-accounts/:id', {
    access: 'user.readAny',
    summary: "A user account: portal and IdP roles apart, groups, last login and the user's audit events",
    params: userAccountIdParamSchema,
    ...objectAnswers(userAccountSchema),
    handler: async (request, principal) =>
      loadAccount(request.params.id, can(principal, 'user.manageRoles'), can(principal, 'user.markGone')),
  });

  api.put('/user-accounts/:id/roles', {
    access: 'user.manageRoles',
    summary: 'Set the roles given in the portal; `expected` names the roles read, other stored roles answer 409',
    ...accountChange(updateUserRolesSchema, updateUserRoles),
  });

  api.post('/user-accounts/:id/gone', {
    access: 'user.markGone',
    summary:
      'Mark the person gone at the version read: no more logins, every session ended and every API token revoked at once',
    ...accountChange(markUserGoneSchema, markUserGone),
  });

  api.post('/user-accounts/:id/back', {
    access: 'user.markGone',
    summary: 'Bring a gone person back at the version read: they can log in again; what was handed over stays',
    ...accountChange(bringUserBackSchema, bringUserBack),
  });

  api.delete('/user-accounts/:id/sessions', {
    access: 'user.endSessions',
    summary: 'End every live session of the user at once, on every instance; answers how many ended',
    params: userAccountIdParamSchema,
    ...objectAnswers(endedSessionsSchema),
    handler: async (request, principal) => ({
      ended: await endSessionsOfUser(context.writes, principal, request.params.id),
    }),
  });
};
