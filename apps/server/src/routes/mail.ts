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
import { apiRoutes } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import { changesOf } from './object-routes.js';
import { presentMailSettings, presentOutboxEntry } from '../presenters/mail.js';
import { findMailSettings, listOutbox } from '../queries/mail.js';

/** The mail outbox for the portal manager, and every user's own mail settings (docs/adr/0027-mail-outbox.md). */
export const mailRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('mail'));
  const { db } = context.database;

  api.get('/mail/outbox', {
    access: 'mail.outbox',
    summary:
      'The mail outbox, newest first, a page at a time (`limit`, at most 200; `cursor` from `nextCursor`): recipient, subject, state, tries and the last error',
    querystring: outboxQuerySchema,
    answer: outboxListSchema,
    errors: [400, 401, 403],
    handler: async (request) => {
      const { items, nextCursor, total } = await listOutbox(db, request.query);
      return { items: items.map(presentOutboxEntry), nextCursor, total };
    },
  });

  for (const [action, command, summary] of [
    [
      'retry',
      retryMail,
      'Send a failed or discarded mail again: back to pending, tries from zero (409 from other states)',
    ],
    ['discard', discardMail, 'Never send a pending or failed mail (409 from other states)'],
  ] as const)
    api.post(`/mail/outbox/:id/${action}`, {
      access: 'mail.manage',
      summary: `${summary}; names the version read, a stale one is 409`,
      ...changesOf(
        context.writes,
        outboxIdParamSchema,
        outboxEntrySchema,
        presentOutboxEntry,
      )(outboxActionSchema, command),
    });

  api.get('/me/mail-settings', {
    access: 'mail.settings',
    summary: 'The own mail settings: the language of mails and the kinds switched off',
    answer: mailSettingsSchema,
    errors: [401],
    handler: async (_request, principal) =>
      presentMailSettings(await findMailSettings(db, principal.id), principal.email),
  });

  api.put('/me/mail-settings', {
    access: 'mail.settings',
    summary: 'Change the own mail settings (names the version read; a stale one is 409)',
    body: mailSettingsRequestSchema,
    answer: mailSettingsSchema,
    errors: [400, 401, 409],
    handler: async (request, principal) => {
      const row = await updateMailSettings(context.writes, principal, request.body);
      return presentMailSettings(row, principal.email);
    },
  });
};
