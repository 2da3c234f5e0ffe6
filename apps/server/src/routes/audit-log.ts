import { auditLogQuerySchema, auditLogSchema } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import { presentAuditLog } from '../presenters/audit-log.js';
import { idsInHistory } from '../presenters/service-history.js';
import { listAuditLog, loadAuditObjectNames } from '../queries/audit-log.js';
import { loadDisplayNames } from '../queries/display-names.js';

/** The audit log of the whole portal for the admin panel (docs/adr/0036-admin-panel-sections.md). */
export const auditLogRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  const { db } = context.database;

  api.get('/audit-events', {
    access: 'audit.read',
    tags: ['admin'],
    summary:
      'Audit events of the whole portal by actor, action, object and days (Europe/Berlin), newest first, by numbered page or after the `nextCursor` of the page before',
    querystring: auditLogQuerySchema,
    answer: auditLogSchema,
    errors: [400, 401, 403],
    handler: async (request) => {
      const { rows, total, nextCursor } = await listAuditLog(db, request.query);
      return {
        items: presentAuditLog(
          rows,
          await loadDisplayNames(db, idsInHistory(rows)),
          await loadAuditObjectNames(db, rows),
        ),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
        nextCursor,
      };
    },
  });
};
