import {
  createInstitutionSchema,
  historyResponseSchema,
  institutionDetailSchema,
  institutionIdParamSchema,
  institutionListSchema,
  streamPageQuerySchema,
  updateInstitutionSchema,
  versionQuerySchema,
  weightingCriteriaSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createInstitution, deleteInstitution, updateInstitution } from '../commands/institutions.js';
import { notFound } from '../http/http-error.js';
import { listExportRoutes } from '../http/list-export.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
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
  app.addHook('onRoute', tagRoutes('institutions'));
  const { db } = context.database;

  app.get(
    '/institutions',
    {
      config: { access: 'institution.list' },
      schema: {
        summary: 'The institutions of the alliance (centres and service providers), by abbreviation',
        response: { 200: institutionListSchema, ...errorResponses(401) },
      },
    },
    async () => ({ items: await listInstitutions(db) }),
  );

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

  app.get(
    '/institutions/:id/history',
    {
      config: { access: 'institution.manage' },
      schema: {
        summary: "An institution's audit events, newest first, each change old → new, a page at a time",
        description: 'For those who keep the institutions. An unknown institution answers 404.',
        params: institutionIdParamSchema,
        querystring: streamPageQuerySchema,
        response: { 200: historyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await relationTargetExists(db, 'institution', id))) throw notFound();
      return presentHistoryPage(db, await listAuditEvents(db, 'institution', id, request.query));
    },
  );

  app.post(
    '/institutions',
    {
      config: { access: 'institution.manage' },
      schema: {
        summary: 'Create an institution',
        description: ABBREVIATION_TEXT,
        body: createInstitutionSchema,
        response: { 201: institutionDetailSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const row = await createInstitution(context.writes, requirePrincipal(request), request.body);
      return reply.code(201).send(presentInstitution(row));
    },
  );

  app.patch(
    '/institutions/:id',
    {
      config: { access: 'institution.manage' },
      schema: {
        summary: 'Change an institution',
        description: `${ABBREVIATION_TEXT} A stale version answers 409.`,
        params: institutionIdParamSchema,
        body: updateInstitutionSchema,
        response: { 200: institutionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      presentInstitution(
        await updateInstitution(context.writes, requirePrincipal(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/institutions/:id',
    {
      config: { access: 'institution.manage' },
      schema: {
        summary: 'Delete an institution nothing names',
        description:
          'While services (as provider or operating institution) or user accounts name the institution, 409 says which. A stale version answers 409.',
        params: institutionIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteInstitution(
        context.writes,
        files,
        requirePrincipal(request),
        request.params.id,
        request.query.version,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/weighting-criteria',
    {
      config: { access: 'weighting.read' },
      schema: {
        tags: ['services'],
        summary: 'The weighting criteria with their answer options, points and factors',
        response: { 200: weightingCriteriaSchema, ...errorResponses(401) },
      },
    },
    async () => ({
      items: (await loadWeightingCriteria(db)).map((criterion) => ({ ...criterion, options: [...criterion.options] })),
    }),
  );
};
