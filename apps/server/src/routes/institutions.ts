import {
  createInstitutionSchema,
  historyResponseSchema,
  institutionDetailSchema,
  institutionIdParamSchema,
  institutionListSchema,
  streamPageQuerySchema,
  updateInstitutionSchema,
  weightingCriteriaSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createInstitution, deleteInstitution, updateInstitution } from '../commands/institutions.js';
import { notFound } from '../http/http-error.js';
import { listExportRoutes } from '../http/list-export.js';
import { apiRoutes, createAnswers, objectAnswers } from '../http/api-route.js';
import { changesOf, deleteAtVersion } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
import { presentInstitution } from '../presenters/institution.js';
import { INSTITUTION_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { relationTargetExists } from '../queries/contacts.js';
import { listAuditEvents } from '../queries/service-history.js';
import { listInstitutions } from '../queries/institutions.js';
import type { FileStore } from '../storage/file-store.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';

const ABBREVIATION_TEXT =
  'The abbreviation is unique regardless of case: one in use answers 400 on `abbreviation`. The URL may be empty; otherwise http or https with a host name.';

/**
 * Reference data the service screens pick from: institutions and the weighting criteria. The
 * contact and cloud service desk managers keep the institutions (the Institutions screen).
 */
export const institutionRoutes: FastifyPluginAsyncZod<{ context: AppContext; files: FileStore }> = async (
  app,
  { context, files },
) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('institutions'));
  const { db } = context.database;

  api.get('/institutions', {
    access: 'institution.list',
    summary: 'The institutions of the alliance (centres and service providers), by abbreviation',
    answer: institutionListSchema,
    errors: [401],
    handler: async () => ({ items: await listInstitutions(db) }),
  });

  listExportRoutes(app, {
    path: '/institutions',
    access: 'institution.list',
    list: 'The institutions',
    querystring: z.object({}).strict(),
    item: institutionDetailSchema,
    fileName: () => 'institutions',
    columns: INSTITUTION_EXPORT_COLUMNS,
    page: () => (window) => listInstitutions(db, window),
  });

  api.get('/institutions/:id/history', {
    access: 'institution.manage',
    summary: "An institution's audit events, newest first, each change old → new, a page at a time",
    description: 'For those who keep the institutions. An unknown institution answers 404.',
    params: institutionIdParamSchema,
    querystring: streamPageQuerySchema,
    ...objectAnswers(historyResponseSchema),
    handler: async (request) => {
      const { id } = request.params;
      if (!(await relationTargetExists(db, 'institution', id))) throw notFound();
      return presentHistoryPage(db, await listAuditEvents(db, 'institution', id, request.query));
    },
  });

  api.post('/institutions', {
    access: 'institution.manage',
    summary: 'Create an institution',
    description: ABBREVIATION_TEXT,
    body: createInstitutionSchema,
    ...createAnswers(institutionDetailSchema),
    handler: async (request, principal) => {
      const row = await createInstitution(context.writes, principal, request.body);
      return presentInstitution(row);
    },
  });

  api.patch('/institutions/:id', {
    access: 'institution.manage',
    summary: 'Change an institution',
    description: `${ABBREVIATION_TEXT} A stale version answers 409.`,
    ...changesOf(
      context.writes,
      institutionIdParamSchema,
      institutionDetailSchema,
      presentInstitution,
    )(updateInstitutionSchema, updateInstitution),
  });

  api.delete('/institutions/:id', {
    access: 'institution.manage',
    summary: 'Delete an institution nothing names',
    description:
      'While services (as provider or operating institution) or user accounts name the institution, 409 says which. A stale version answers 409.',
    ...deleteAtVersion(context.writes, 'Deleted', institutionIdParamSchema, (writes, principal, id, version) =>
      deleteInstitution(writes, files, principal, id, version),
    ),
  });

  api.get('/weighting-criteria', {
    access: 'weighting.read',
    tags: ['services'],
    summary: 'The weighting criteria with their answer options, points and factors',
    answer: weightingCriteriaSchema,
    errors: [401],
    handler: async () => ({
      items: (await loadWeightingCriteria(db)).map((criterion) => ({ ...criterion, options: [...criterion.options] })),
    }),
  });
};
