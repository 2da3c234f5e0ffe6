import {
  createResourceTypeSchema,
  resourceTypeIdParamSchema,
  resourceTypeListSchema,
  resourceTypeSchema,
  updateResourceTypeSchema,
  versionQuerySchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../app-context.js';
import { createResourceType, deleteResourceType, updateResourceType } from '../commands/resource-types.js';
import { errorResponses, tagRoutes } from '../http/openapi.js';
import { requirePrincipal } from '../http/require-principal.js';
import { presentResourceType } from '../presenters/resource-type.js';
import { loadResourceTypes } from '../queries/resource-types.js';

const SCHEMA_TEXT =
  'The schema is JSON text: text that does not parse answers 400 on `schema` ("Cannot save invalid JSON"), and so does a schema that is not a JSON Schema (draft 2020-12, unknown keywords refused) of an object.';

/**
 * Resource types (docs/adr/0031-resource-packages.md): what a resource package grants, with the
 * JSON Schema its policy must meet. Everyone logged in reads them; the portal manager keeps them.
 */
export const resourceTypeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addHook('onRoute', tagRoutes('resource types'));
  const { db } = context.database;

  app.get(
    '/resource-types',
    {
      config: { access: 'resourceType.read' },
      schema: {
        summary: 'Every resource type, retired ones too, by English name, with how many packages use each',
        response: { 200: resourceTypeListSchema, ...errorResponses(401) },
      },
    },
    async () => ({
      items: (await loadResourceTypes(db)).map(({ row, packageCount }) => presentResourceType(row, packageCount)),
    }),
  );

  app.post(
    '/resource-types',
    {
      config: { access: 'resourceType.manage' },
      schema: {
        summary: 'Create a resource type',
        description: `${SCHEMA_TEXT} A key in use answers 400 on \`key\`.`,
        body: createResourceTypeSchema,
        response: { 201: resourceTypeSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { row, packageCount } = await createResourceType(context.writes, requirePrincipal(request), request.body);
      return reply.code(201).send(presentResourceType(row, packageCount));
    },
  );

  app.patch(
    '/resource-types/:id',
    {
      config: { access: 'resourceType.manage' },
      schema: {
        summary: 'Change a resource type, or retire it (`retired: true`) so no new package chooses it',
        description: `${SCHEMA_TEXT} The key stays. A stale version answers 409. Existing packages keep their policy; the new schema applies when one is next saved.`,
        params: resourceTypeIdParamSchema,
        body: updateResourceTypeSchema,
        response: { 200: resourceTypeSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { row, packageCount } = await updateResourceType(
        context.writes,
        requirePrincipal(request),
        request.params.id,
        request.body,
      );
      return presentResourceType(row, packageCount);
    },
  );

  app.delete(
    '/resource-types/:id',
    {
      config: { access: 'resourceType.manage' },
      schema: {
        summary: 'Delete a resource type no package uses',
        description: 'A type in use answers 409: retire it instead. A stale version answers 409.',
        params: resourceTypeIdParamSchema,
        querystring: versionQuerySchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteResourceType(context.writes, requirePrincipal(request), request.params.id, request.query.version);
      return reply.code(204).send(null);
    },
  );
};
