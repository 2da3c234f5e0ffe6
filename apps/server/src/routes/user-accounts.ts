import {
  can,
  endedSessionsSchema,
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
import { notFound } from '../http/http-error.js';
import { listExportRoutes } from '../http/list-export.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { USER_ACCOUNT_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { idsInHistory } from '../presenters/service-history.js';
import { presentUserAccount, presentUserAccountRow } from '../presenters/user-account.js';
import { findContactByEmail } from '../queries/contacts.js';
import { loadAuditObjectNames } from '../queries/audit-log.js';
import { loadDisplayNames } from '../queries/display-names.js';
import { findUserAccount, listUserAccounts, listUserAuditEvents } from '../queries/user-accounts.js';

/** The User Accounts screen: every account with its roles, groups and audit events; roles change here. */
export const userAccountRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('users'));
  const { db } = context.database;

  const loadAccount = async (id: string, canManageRoles: boolean) => {
    const row = await findUserAccount(db, id);
    if (!row) throw notFound();
    const events = await listUserAuditEvents(db, id);
    return presentUserAccount(
      row,
      events,
      await loadDisplayNames(db, idsInHistory(events)),
      await loadAuditObjectNames(db, events),
      canManageRoles,
      await findContactByEmail(db, row.email),
    );
  };

  app.get(
    '/user-accounts',
    {
      config: { access: 'user.readAny' },
      schema: {
        summary: 'User accounts by name, username or e-mail, role and institution; sorted and paged',
        querystring: userAccountQuerySchema,
        response: { 200: userAccountListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listUserAccounts(db, request.query);
      return {
        items: rows.map(presentUserAccountRow),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  listExportRoutes(app, {
    path: '/user-accounts',
    access: 'user.readAny',
    list: 'The user accounts',
    querystring: userAccountQuerySchema.omit({ page: true, pageSize: true }).strict(),
    item: userAccountListSchema.shape.items.element,
    fileName: () => 'user-accounts',
    columns: USER_ACCOUNT_EXPORT_COLUMNS,
    page: (_request, query) => async (window) =>
      (await listUserAccounts(db, { ...query, ...window })).rows.map(presentUserAccountRow),
  });

  app.get(
    '/user-accounts/:id',
    {
      config: { access: 'user.readAny' },
      schema: {
        summary: "A user account: portal and IdP roles apart, groups, last login and the user's audit events",
        params: userAccountIdParamSchema,
        response: { 200: userAccountSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadAccount(request.params.id, can(requirePrincipal(request), 'user.manageRoles')),
  );

  app.put(
    '/user-accounts/:id/roles',
    {
      config: { access: 'user.manageRoles' },
      schema: {
        summary: 'Set the roles given in the portal; `expected` names the roles read, other stored roles answer 409',
        params: userAccountIdParamSchema,
        body: updateUserRolesSchema,
        response: { 200: userAccountSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await updateUserRoles(context.writes, requirePrincipal(request), request.params.id, request.body);
      return loadAccount(request.params.id, true);
    },
  );

  app.delete(
    '/user-accounts/:id/sessions',
    {
      config: { access: 'user.endSessions' },
      schema: {
        summary: 'End every live session of the user at once, on every instance; answers how many ended',
        params: userAccountIdParamSchema,
        response: { 200: endedSessionsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      ended: await endSessionsOfUser(context.writes, requirePrincipal(request), request.params.id),
    }),
  );
};
