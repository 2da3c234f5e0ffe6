import {
  addContactRelationSchema,
  contactDataExportSchema,
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
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { pagedListRoutes } from '../http/list-export.js';
import { notFound } from '../http/http-error.js';
import { apiRoutes, createAnswers, objectAnswers } from '../http/api-route.js';
import { changesOf, deleteAtVersion } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
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
  'The search `q` matches names, e-mail, institution, notes and properties: every word begins a word of the contact, case, accents and umlauts folded ("mül" and "muller" find Müller). A search counts its matches up to 5,000 past the start of the page: beyond, `total` is that bound and `totalExact` false. A search the database expects to match more than that answers its estimate as `total`, with `totalEstimated` true and `totalExact` false.';

/**
 * The contact database (docs/adr/0034-contacts.md): contact managers and the service desk keep the
 * people the alliance works with, relate them to services and institutions, and export or erase a
 * person's data (docs/adr/0035-contact-data-minimisation.md).
 */
export const contactRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('contacts'));
  const { db } = context.database;

  const found = async (id: string) => {
    const record = isUuid(id) ? await loadContact(db, id) : undefined;
    if (!record) throw notFound();
    return record;
  };
  const answer = async (id: string) => presentContact(await found(id));

  const contactChange = changesOf(context.writes, contactIdParamSchema, contactSchema, (_changed, id) => answer(id));

  pagedListRoutes(app, {
    path: '/contacts',
    access: 'contact.read',
    scope: 'contacts:read',
    summary: 'Contacts by search, institution and property kind; sorted and paged',
    description: SEARCH_TEXT,
    querystring: contactQuerySchema,
    answer: contactListSchema,
    errors: [400, 401, 403],
    page: (query) => loadContactListPage(db, query),
    export: {
      list: 'The contact list’s view',
      description: SEARCH_TEXT,
      fileName: 'contacts',
      columns: CONTACT_EXPORT_COLUMNS,
    },
  });

  api.get('/contacts/:id', {
    access: 'contact.read',
    scope: 'contacts:read',
    summary: 'A contact with addresses, properties, relations and the user account sharing its e-mail',
    params: contactIdParamSchema,
    ...objectAnswers(contactSchema),
    handler: async (request) => answer(request.params.id),
  });

  api.get('/contacts/:id/history', {
    access: 'contact.read',
    scope: 'contacts:read',
    summary: "A contact's audit events, newest first, each change old → new, a page at a time",
    description:
      'An erasure leaves the earlier events without their values (docs/adr/0035-contact-data-minimisation.md).',
    params: contactIdParamSchema,
    querystring: streamPageQuerySchema,
    ...objectAnswers(historyResponseSchema),
    handler: async (request) => {
      const { contact } = await found(request.params.id);
      return presentHistoryPage(db, await listAuditEvents(db, 'contact', contact.id, request.query));
    },
  });

  api.post('/contacts', {
    access: 'contact.manage',
    summary: 'Create a contact (properties only after the first save: naming any answers 400)',
    body: createContactSchema,
    ...createAnswers(contactSchema),
    handler: async (request, principal) => {
      const id = await createContact(context.writes, principal, request.body);
      return answer(id);
    },
  });

  api.patch('/contacts/:id', {
    access: 'contact.manage',
    summary: 'Change a contact: values, addresses and properties as the form holds them',
    description: 'A stale version answers 409.',
    ...contactChange(updateContactSchema, updateContact),
  });

  api.delete('/contacts/:id', {
    access: 'contact.manage',
    summary: 'Delete a contact without relations',
    description: 'While relations hold the contact, 409 names them in `fields.relations`. A stale version answers 409.',
    ...deleteAtVersion(context.writes, 'Deleted', contactIdParamSchema, deleteContact),
  });

  api.post('/contacts/:id/relations', {
    access: 'contact.manage',
    summary: 'Relate the contact to a service or an institution in a role there',
    description: 'The role must be one of the kind’s roles; the same role twice answers 409.',
    params: contactIdParamSchema,
    body: addContactRelationSchema,
    ...createAnswers(contactSchema, 404, 409),
    handler: async (request, principal) => {
      await addContactRelation(context.writes, principal, request.params.id, request.body);
      return answer(request.params.id);
    },
  });

  api.delete('/contacts/:id/relations/:relationId', {
    access: 'contact.manage',
    summary: 'Remove one of the contact’s relations',
    params: contactRelationParamSchema,
    ...objectAnswers(contactSchema),
    handler: async (request, principal) => {
      const { id, relationId } = request.params;
      await removeContactRelation(context.writes, principal, id, relationId);
      return answer(id);
    },
  });

  api.get('/contacts/:id/data', {
    access: 'contact.manage',
    summary: 'Everything held about the person, relations and history included, as a JSON download',
    params: contactIdParamSchema,
    ...objectAnswers(contactDataExportSchema),
    handler: async (request, _principal, reply) => {
      const { id } = request.params;
      const record = await found(id);
      return sendDownload(reply, `contact-${id}.json`, presentContactData(record, await loadContactEvents(db, id)));
    },
  });

  api.post('/contacts/:id/erase', {
    access: 'contact.manage',
    summary: 'Erase the contact and everything hanging on it; its earlier history keeps no values',
    description:
      'Relations do not hold an erasure. The audit event records that it happened and how much went, not what. A stale version answers 409.',
    ...deleteAtVersion(context.writes, 'Erased', contactIdParamSchema, eraseContact),
  });

  api.get('/contacts/service-targets', {
    access: 'contact.manage',
    summary: 'Services a contact can be related to, by name or service ID (at most 50)',
    querystring: contactServiceTargetQuerySchema,
    answer: contactServiceTargetListSchema,
    errors: [400, 401, 403],
    handler: async (request) => ({ items: await findServiceTargets(db, request.query.q) }),
  });

  api.get('/services/:id/contacts', {
    access: 'contact.read',
    scope: 'contacts:read',
    summary: 'The contacts related to a service, for its responsibilities tab',
    params: serviceIdParamSchema,
    ...objectAnswers(serviceContactListSchema),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await relationTargetExists(db, 'service', id))) throw notFound();
      return presentServiceContacts(await loadServiceContacts(db, id));
    },
  });
};
