import {
  mailSettingsRequestSchema,
  mailSettingsSchema,
  outboxActionSchema,
  outboxEntrySchema,
  outboxIdParamSchema,
  outboxListSchema,
  outboxQuerySchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { discardMail, retryMail } from '../commands/outbox.js';
import { updateMailSettings } from '../commands/update-mail-settings.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { presentMailSettings, presentOutboxEntry } from '../presenters/mail.js';
import { findMailSettings, listOutbox } from '../queries/mail.js';

/** The mail outbox for the portal manager, and every user's own mail settings (docs/adr/0027-mail-outbox.md). */
export const mailRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('mail'));
  const { db } = context.database;

  app.get(
    '/mail/outbox',
    {
      config: { access: 'mail.outbox' },
      schema: {
        summary:
          'The mail outbox, newest first, a page at a time (`limit`, at most 200; `cursor` from `nextCursor`): recipient, subject, state, tries and the last error',
        querystring: outboxQuerySchema,
        response: { 200: outboxListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { items, nextCursor, total } = await listOutbox(db, request.query);
      return { items: items.map(presentOutboxEntry), nextCursor, total };
    },
  );

  for (const [action, command, summary] of [
    [
      'retry',
      retryMail,
      'Send a failed or discarded mail again: back to pending, tries from zero (409 from other states)',
    ],
    ['discard', discardMail, 'Never send a pending or failed mail (409 from other states)'],
  ] as const)
    app.post(
      `/mail/outbox/:id/${action}`,
      {
        config: { access: 'mail.manage' },
        schema: {
          summary: `${summary}; names the version read, a stale one is 409`,
          params: outboxIdParamSchema,
          body: outboxActionSchema,
          response: { 200: outboxEntrySchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        presentOutboxEntry(await command(context.writes, requirePrincipal(request), request.params.id, request.body)),
    );

  app.get(
    '/me/mail-settings',
    {
      config: { access: 'mail.settings' },
      schema: {
        summary: 'The own mail settings: the language of mails and the kinds switched off',
        response: { 200: mailSettingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      return presentMailSettings(await findMailSettings(db, principal.id), principal.email);
    },
  );

  app.put(
    '/me/mail-settings',
    {
      config: { access: 'mail.settings' },
      schema: {
        summary: 'Change the own mail settings (names the version read; a stale one is 409)',
        body: mailSettingsRequestSchema,
        response: { 200: mailSettingsSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      const row = await updateMailSettings(context.writes, principal, request.body);
      return presentMailSettings(row, principal.email);
    },
  );
};
