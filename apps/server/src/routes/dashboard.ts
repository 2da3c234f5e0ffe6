import { can, DASHBOARD_LIMITS, dashboardSchema, todayIso } from '@nubes/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { apiRoutes } from '../http/api-route.js';
import {
  presentActivity,
  presentContactDatabase,
  presentCounts,
  presentWaitingEntry,
} from '../presenters/dashboard.js';
import { presentServiceSummary } from '../presenters/service-summary.js';
import {
  loadContactDatabaseGlance,
  loadMyServices,
  loadObjectNames,
  loadRecentActivity,
  serviceCountsQuery,
} from '../queries/dashboard.js';
import { loadWaiting } from '../queries/dashboard-waiting.js';
import { countOverdueReviews } from '../queries/service-review-list.js';
import { loadHomePilots } from '../queries/pilots.js';
import { countServicesOfGoneOwners } from '../queries/handover.js';

/** The home dashboard (docs/adr/0041-dashboard.md): every part a query per request, in the caller's visibility. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const api = apiRoutes(app);
  const { db } = context.database;

  api.get('/dashboard', {
    access: 'dashboard.read',
    tags: ['dashboard'],
    summary: "The caller's home: what waits for them, their services, counts per state and centre, recent activity",
    description:
      'Overdue reviews: how many the review list’s overdue filter holds, for those who may read it. Gone owners: services whose service owner is gone, for those who hand over. Pilots: those with a notice or the decision due, of the caller’s services, or all with the count of decisions due for the portfolio manager. Waiting: services whose next step is the caller’s (by the workflow table and their relation to the service), change requests and reviews they must act on, VO applications they must send or review, resource packages to review (reviewers) or to rework after a rejection (provider side, with the reason); longest waiting first, at most 25 (total counts all). Counts and activity cover only what the caller may read. The contact database at a glance for those who may read it.',
    answer: dashboardSchema,
    errors: [401],
    handler: async (_request, principal) => {
      const [waiting, mine, counts, events, contactDatabase, overdueReviews, pilots, goneOwners] = await Promise.all([
        loadWaiting(db, principal),
        loadMyServices(db, principal, DASHBOARD_LIMITS.myServices),
        serviceCountsQuery(db, principal),
        loadRecentActivity(db, principal, DASHBOARD_LIMITS.activity),
        loadContactDatabaseGlance(db, principal, DASHBOARD_LIMITS.contacts),
        can(principal, 'review.list') ? countOverdueReviews(db, principal, context.clock()) : null,
        loadHomePilots(db, principal, todayIso(context.clock())),
        can(principal, 'user.handover') ? countServicesOfGoneOwners(db) : null,
      ]);
      const names = await loadObjectNames(db, events);
      const readsAuditLog = can(principal, 'audit.read');
      return {
        waiting: { items: waiting.entries.map(presentWaitingEntry), total: waiting.total },
        myServices: { items: mine.rows.map(presentServiceSummary), total: mine.total },
        ...presentCounts(counts),
        activity: events.map((row) => presentActivity(row, readsAuditLog, names.get(row.objectId) ?? null)),
        contactDatabase: presentContactDatabase(contactDatabase),
        overdueReviews,
        pilots,
        goneOwners,
      };
    },
  });
};
