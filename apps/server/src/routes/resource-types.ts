import {
  createResourceTypeSchema,
  resourceTypeIdParamSchema,
  resourceTypeListSchema,
  resourceTypeSchema,
  updateResourceTypeSchema,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { createResourceType, deleteResourceType, updateResourceType } from '../commands/resource-types.js';
import { apiRoutes, changeAnswers, createAnswers } from '../http/api-route.js';
import { deleteAtVersion } from './object-routes.js';
import { tagRoutes } from '../http/openapi.js';
import { presentResourceType } from '../presenters/resource-type.js';
import { loadResourceTypes } from '../queries/resource-types.js';

const SCHEMA_TEXT =
  'The schema is JSON text: text that does not parse answers 400 on `schema` ("Cannot save invalid JSON"), and so does a schema that is not a JSON Schema (draft 2020-12, unknown keywords refused) of an object.';

/**
 * Resource types (docs/adr/0031-resource-packages.md): what a resource package grants, with the
 * JSON Schema its policy must meet. Everyone logged in reads them; the portal manager keeps them.
 */
export const resourceTypeRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('resource types'));
  const { db } = context.database;

  api.get('/resource-types', {
    access: 'resourceType.read',
    summary: 'Every resource type, retired ones too, by English name, with how many packages use each',
    answer: resourceTypeListSchema,
    errors: [401],
    handler: async () => ({
      items: (await loadResourceTypes(db)).map(({ row, packageCount }) => presentResourceType(row, packageCount)),
    }),
  });

  api.post('/resource-types', {
    access: 'resourceType.manage',
    summary: 'Create a resource type',
    description: `${SCHEMA_TEXT} A key in use answers 400 on \`key\`.`,
    body: createResourceTypeSchema,
    ...createAnswers(resourceTypeSchema),
    handler: async (request, principal) => {
      const { row, packageCount } = await createResourceType(context.writes, principal, request.body);
      return presentResourceType(row, packageCount);
    },
  });

  api.patch('/resource-types/:id', {
    access: 'resourceType.manage',
    summary: 'Change a resource type, or retire it (`retired: true`) so no new package chooses it',
    description: `${SCHEMA_TEXT} The key stays. A stale version answers 409. Existing packages keep their policy; the new schema applies when one is next saved.`,
    params: resourceTypeIdParamSchema,
    body: updateResourceTypeSchema,
    ...changeAnswers(resourceTypeSchema),
    handler: async (request, principal) => {
      const { row, packageCount } = await updateResourceType(
        context.writes,
        principal,
        request.params.id,
        request.body,
      );
      return presentResourceType(row, packageCount);
    },
  });

  api.delete('/resource-types/:id', {
    access: 'resourceType.manage',
    summary: 'Delete a resource type no package uses',
    description: 'A type in use answers 409: retire it instead. A stale version answers 409.',
    ...deleteAtVersion(context.writes, 'Deleted', resourceTypeIdParamSchema, deleteResourceType),
  });
};
