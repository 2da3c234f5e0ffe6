import {
  canEditResourcePackages,
  createResourcePackageSchema,
  historyResponseSchema,
  streamPageQuerySchema,
  resourcePackageParamsSchema,
  resourcePackageReviewListSchema,
  resourcePackageReviewQuerySchema,
  resourcePackageSchema,
  resourcePackageStepSchema,
  serviceIdParamSchema,
  serviceResourcePackagesSchema,
  updateResourcePackageSchema,
  versionQuerySchema,
  type ResourcePackage,
} from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import type { AuthUser } from '../auth/principal.js';
import {
  createResourcePackage,
  deleteResourcePackage,
  transitionResourcePackage,
  updateResourcePackage,
} from '../commands/resource-packages.js';
import { pagedListRoutes } from '../http/list-export.js';
import { apiRoutes, changeAnswers, createAnswers, deleteAnswers } from '../http/api-route.js';
import { tagRoutes } from '../http/openapi.js';
import type { ResourcePackageSnapshot } from '../model/resource-package.js';
import { loadVisibleResourcePackage } from '../policies/resource-package-policy.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { RESOURCE_PACKAGE_EXPORT_COLUMNS } from '../presenters/list-export-columns.js';
import { presentResourcePackages, presentReviewRow } from '../presenters/resource-package.js';
import { presentHistoryPage } from '../presenters/service-history.js';
import { loadResourcePackageReviewPage } from '../queries/resource-package-review-list.js';
import { loadServiceResourcePackages } from '../queries/resource-packages.js';
import { listAuditEvents } from '../queries/service-history.js';

/**
 * Resource packages (docs/adr/0031-resource-packages.md): a service's packages, written by its
 * provider side and the portfolio manager, reviewed by the resource package managers; the review
 * list across services. Every write names the version the caller read.
 */
export const resourcePackageRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  app.addHook('onRoute', tagRoutes('resource packages'));
  const { db } = context.database;
  const { writes, policySchemas } = context;

  /** A package as the caller sees it now (after a write: their relation to its service decides the actions). */
  const present = async (principal: AuthUser, snapshot: ResourcePackageSnapshot): Promise<ResourcePackage> => {
    const loaded = await loadVisibleResourcePackage(db, snapshot.row.serviceId, snapshot.row.id, principal);
    return (await presentResourcePackages(db, [loaded], loaded.service))[0]!;
  };

  api.get('/services/:id/resource-packages', {
    access: 'service.read',
    scope: 'packages:read',
    summary: "A service's resource packages, oldest first, and whether the caller may add one",
    description: 'For everyone who may see the service; others get 404.',
    params: serviceIdParamSchema,
    answer: serviceResourcePackagesSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const service = await loadVisibleService(db, request.params.id, principal);
      const packages = await loadServiceResourcePackages(db, service.row.id);
      return {
        canCreate: canEditResourcePackages(service.relation),
        items: await presentResourcePackages(db, packages, service),
      };
    },
  });

  api.post('/services/:id/resource-packages', {
    access: 'service.update',
    scope: 'packages:write',
    summary: 'Add a resource package (a draft) to a service',
    description:
      "The provider side and the portfolio manager. The policy is JSON text checked against the type's JSON Schema: 400 with a message per place, keyed policy/<JSON pointer>.",
    params: serviceIdParamSchema,
    body: createResourcePackageSchema,
    ...createAnswers(resourcePackageSchema, 404, 409),
    handler: async (request, principal) => {
      const created = await createResourcePackage(writes, policySchemas, principal, request.params.id, request.body);
      return present(principal, created);
    },
  });

  api.get('/services/:id/resource-packages/:packageId', {
    access: 'service.read',
    scope: 'packages:read',
    summary: 'One resource package',
    description: 'For those who see its service, and for reviewers once it was submitted; others get 404.',
    params: resourcePackageParamsSchema,
    answer: resourcePackageSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const loaded = await loadVisibleResourcePackage(db, request.params.id, request.params.packageId, principal);
      return (await presentResourcePackages(db, [loaded], loaded.service))[0]!;
    },
  });

  api.patch('/services/:id/resource-packages/:packageId', {
    access: 'service.update',
    scope: 'packages:write',
    summary: "Replace a package's values; an approved or rejected package goes back to draft",
    description: '409 while the package is submitted (withdraw it first) and for a stale version.',
    params: resourcePackageParamsSchema,
    body: updateResourcePackageSchema,
    ...changeAnswers(resourcePackageSchema),
    handler: async (request, principal) => {
      const { id, packageId } = request.params;
      return present(
        principal,
        await updateResourcePackage(writes, policySchemas, principal, id, packageId, request.body),
      );
    },
  });

  api.delete('/services/:id/resource-packages/:packageId', {
    access: 'service.update',
    scope: 'packages:write',
    summary: 'Delete a package (not while it is submitted)',
    params: resourcePackageParamsSchema,
    querystring: versionQuerySchema,
    ...deleteAnswers('Deleted'),
    handler: async (request, principal) => {
      const { id, packageId } = request.params;
      await deleteResourcePackage(writes, principal, id, packageId, request.query.version);
    },
  });

  api.post('/services/:id/resource-packages/:packageId/transitions', {
    access: 'service.update',
    scope: 'packages:write',
    summary: 'A review step: submit, withdraw (the editors), approve or reject (the reviewers)',
    description:
      '403 for a caller the step is not for, 409 from a state it does not run from and for a stale version. A rejection says why.',
    params: resourcePackageParamsSchema,
    body: resourcePackageStepSchema,
    ...changeAnswers(resourcePackageSchema),
    handler: async (request, principal) => {
      const { id, packageId } = request.params;
      return present(principal, await transitionResourcePackage(writes, principal, id, packageId, request.body));
    },
  });

  api.get('/services/:id/resource-packages/:packageId/history', {
    access: 'service.read',
    scope: 'packages:read',
    summary: "A package's audit events, newest first, each change old → new, a page at a time",
    params: resourcePackageParamsSchema,
    querystring: streamPageQuerySchema,
    answer: historyResponseSchema,
    errors: [400, 401, 404],
    handler: async (request, principal) => {
      const loaded = await loadVisibleResourcePackage(db, request.params.id, request.params.packageId, principal);
      const page = await listAuditEvents(db, 'resourcePackage', loaded.row.id, request.query);
      return presentHistoryPage(db, page, ['serviceId']);
    },
  });

  pagedListRoutes(app, {
    path: '/resource-packages/review-list',
    access: 'resourcePackage.review',
    summary: 'The Resource Package Review List: every package past its draft, waiting ones first',
    description:
      'q: every word must begin a word of the package name, the service (ID, name, short description, keywords), the provider or the submitter, accents and umlauts folded. Sorting ends on the id, so pages are stable. `waiting` counts the submitted packages, whatever the filter.',
    querystring: resourcePackageReviewQuerySchema,
    answer: resourcePackageReviewListSchema,
    errors: [400, 401, 403],
    page: async (query, principal) => {
      const { items, total, waiting } = await loadResourcePackageReviewPage(db, principal, query);
      return { items: items.map(presentReviewRow), total, waiting };
    },
    export: {
      list: 'The Resource Package Review List',
      fileName: 'resource-packages',
      columns: RESOURCE_PACKAGE_EXPORT_COLUMNS,
    },
  });
};
