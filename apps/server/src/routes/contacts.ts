import {
  addContactRelationSchema,
  contactDataExportSchema,
  contactExportQuerySchema,
  contactIdParamSchema,
  contactListSchema,
  contactQuerySchema,
  contactRelationParamSchema,
  contactServiceTargetListSchema,
  contactServiceTargetQuerySchema,
  contactSchema,
  createContactSchema,
  historyResponseSchema,
  isUuid,
  serviceContactListSchema,
  serviceIdParamSchema,
  streamPageQuerySchema,
  updateContactSchema,
  versionQuerySchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import {
  addContactRelation,
  createContact,
  deleteContact,
  eraseContact,
  removeContactRelation,
  updateContact,
} from '../commands/contacts.js';
import { sendDownload } from '../http/download.js';
import { listExportRoutes } from '../http/list-export.js';
import { notFound } from '../http/http-error.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { CONTACT_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { presentContact, presentContactData, presentServiceContacts } from '../presenters/contact.js';
import {
  findServiceTargets,
  loadContact,
  loadContactEvents,
  loadContactListPage,
  loadServiceContacts,
  relationTargetExists,
} from '../queries/contacts.js';
import { listAuditEvents } from '../queries/service-history.js';

const SEARCH_TEXT =
  'The search `q` matches names, e-mail, institution, notes and properties: every word begins a word of the contact, case, accents and umlauts folded ("mül" and "muller" find Müller). A search counts its matches up to 5,000 past the start of the page: beyond, `total` is that bound and `totalExact` false.';

/**
 * The contact database (docs/adr/0034-contacts.md): contact managers and the service desk keep the
 * people the alliance works with, relate them to services and institutions, and export or erase a
 * person's data (docs/adr/0035-contact-data-minimisation.md).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('contacts'));
  const { db } = context.database;

  const found = async (id: string) => {
    const record = isUuid(id) ? await loadContact(db, id) : undefined;
    if (!record) throw notFound();
    return record;
  };
  const answer = async (id: string) => presentContact(await found(id));

  app.get(
    '/contacts',
    {
      config: { access: 'contact.read' },
      schema: {
        summary: 'Contacts by search, institution and property kind; sorted and paged',
        description: SEARCH_TEXT,
        querystring: contactQuerySchema,
        response: { 200: contactListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      ...(await loadContactListPage(db, request.query)),
      page: request.query.page,
      pageSize: request.query.pageSize,
    }),
  );

  listExportRoutes(app, {
    path: '/contacts',
    access: 'contact.read',
    list: 'The contact list’s view',
    description: SEARCH_TEXT,
    querystring: contactExportQuerySchema,
    item: contactListSchema.shape.items.element,
    fileName: () => 'contacts',
    columns: CONTACT_EXPORT_COLUMNS,
    page: (_request, query) => async (window) => (await loadContactListPage(db, { ...query, ...window })).items,
  });

  app.get(
    '/contacts/:id',
    {
      config: { access: 'contact.read' },
      schema: {
        summary: 'A contact with addresses, properties, relations and the user account sharing its e-mail',
        params: contactIdParamSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => answer(request.params.id),
  );

  app.get(
    '/contacts/:id/history',
    {
      config: { access: 'contact.read' },
      schema: {
        summary: "A contact's audit events, newest first, each change old → new, a page at a time",
        description:
          'An erasure leaves the earlier events without their values (docs/adr/0035-contact-data-minimisation.md).',
        params: contactIdParamSchema,
        querystring: streamPageQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { contact } = await found(request.params.id);
      return presentHistoryPage(db, await listAuditEvents(db, 'contact', contact.id, request.query));
    },
  );

  app.post(
    '/contacts',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Create a contact (properties only after the first save: naming any answers 400)',
        body: createContactSchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const id = await createContact(context.writes, requirePrincipal(request), request.body);
      return reply.code(201).send(await answer(id));
    },
  );

  app.patch(
    '/contacts/:id',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Change a contact: values, addresses and properties as the form holds them',
        description: 'A stale version answers 409.',
        params: contactIdParamSchema,
        body: updateContactSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await updateContact(context.writes, requirePrincipal(request), request.params.id, request.body);
      return answer(request.params.id);
    },
  );

  app.delete(
    '/contacts/:id',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Delete a contact without relations',
        description:
          'While relations hold the contact, 409 names them in `fields.relations`. A stale version answers 409.',
        params: contactIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteContact(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/contacts/:id/relations',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Relate the contact to a service or an institution in a role there',
        description: 'The role must be one of the kind’s roles; the same role twice answers 409.',
        params: contactIdParamSchema,
        body: addContactRelationSchema,
        response: { 201: contactSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await addContactRelation(context.writes, requirePrincipal(request), request.params.id, request.body);
      return reply.code(201).send(await answer(request.params.id));
    },
  );

  app.delete(
    '/contacts/:id/relations/:relationId',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Remove one of the contact’s relations',
        params: contactRelationParamSchema,
        response: { 200: contactSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, relationId } = request.params;
      await removeContactRelation(context.writes, requirePrincipal(request), id, relationId);
      return answer(id);
    },
  );

  app.get(
    '/contacts/:id/data',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Everything held about the person, relations and history included, as a JSON download',
        params: contactIdParamSchema,
        response: { 200: contactDataExportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const record = await found(id);
      return sendDownload(reply, `contact-${id}.json`, presentContactData(record, await loadContactEvents(db, id)));
    },
  );

  app.post(
    '/contacts/:id/erase',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Erase the contact and everything hanging on it; its earlier history keeps no values',
        description:
          'Relations do not hold an erasure. The audit event records that it happened and how much went, not what. A stale version answers 409.',
        params: contactIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Erased'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await eraseContact(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/contacts/service-targets',
    {
      config: { access: 'contact.manage' },
      schema: {
        summary: 'Services a contact can be related to, by name or service ID (at most 50)',
        querystring: contactServiceTargetQuerySchema,
        response: { 200: contactServiceTargetListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ items: await findServiceTargets(db, request.query.q) }),
  );

  app.get(
    '/services/:id/contacts',
    {
      config: { access: 'contact.read' },
      schema: {
        summary: 'The contacts related to a service, for its responsibilities tab',
        params: serviceIdParamSchema,
        response: { 200: serviceContactListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await relationTargetExists(db, 'service', id))) throw notFound();
      return presentServiceContacts(await loadServiceContacts(db, id));
    },
  );
};
