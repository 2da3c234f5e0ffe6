import { VO_REVIEW_STATES } from '@nubes/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, users, vos } from '../db/schema.js';

/** How many of the portal's latest audit events the dashboards pick their activity from. */
export const RECENT_EVENTS = 300;

/**
 * What the dashboard shows of an audit event, with the actor's name as it is now (the event keeps
 * the login only); not before and after, which only the histories show.
 */
const activityColumns = {
  id: auditEvents.id,
  at: auditEvents.at,
  objectType: auditEvents.objectType,
  objectId: auditEvents.objectId,
  action: auditEvents.action,
  actorDisplayName: sql<string>`coalesce(nullif(${users.fullname}, ''), ${auditEvents.actorName})`,
};

/**
 * The VOs that may wait for someone: drafts (for their applicant and deputy) and those in a review
 * state (for the reviewers). The workflow table decides for whom they really do.
 */
export const loadOpenVos = (db: Db) =>
  db
    .select({
      id: vos.id,
      name: vos.name,
      state: vos.state,
      applicantId: vos.applicantId,
      deputyId: vos.deputyId,
      updatedAt: vos.updatedAt,
    })
    .from(vos)
    .where(inArray(vos.state, ['application_draft', ...VO_REVIEW_STATES]))
    .orderBy(vos.updatedAt, vos.id);

export type OpenVo = Awaited<ReturnType<typeof loadOpenVos>>[number];

/**
 * The portal's latest audit events, newest first: by the time alone, so the time index answers
 * it without a sort (events of one moment come in any order; the histories order those by id).
 */
export const loadLatestActivity = (db: Db) =>
  db
    .select(activityColumns)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.at))
    .limit(RECENT_EVENTS);

export type ActivityRow = Awaited<ReturnType<typeof loadLatestActivity>>[number];

/** The latest audit events of these services, newest first (the object index). */
export const loadServicesActivity = (db: Db, serviceIds: readonly string[], limit: number): Promise<ActivityRow[]> =>
  serviceIds.length === 0
    ? Promise.resolve([])
    : db
        .select(activityColumns)
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(and(eq(auditEvents.objectType, 'service'), inArray(auditEvents.objectId, [...serviceIds])))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
