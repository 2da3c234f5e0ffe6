import { isVoReviewer, VO_REVIEW_STATES, type Principal } from '@nubes/domain';
import { and, desc, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents, users, vos } from '../db/schema.js';

/** An audit event with its actor's name as it is now (the event keeps the login only). */
export type AuditRow = typeof auditEvents.$inferSelect & { actorDisplayName: string };

const withActorName = {
  ...getTableColumns(auditEvents),
  actorDisplayName: sql<string>`coalesce(nullif(${users.fullname}, ''), ${auditEvents.actorName})`,
};

/**
 * The VOs that may wait for the caller: their drafts (applicant or deputy) and, for reviewers,
 * every VO in a review state. The workflow table decides which of them really do.
 */
export const loadVoCandidates = (db: Db, principal: Principal) => {
  const mine = and(
    or(eq(vos.applicantId, principal.id), eq(vos.deputyId, principal.id)),
    eq(vos.state, 'application_draft'),
  );
  return db
    .select({
      id: vos.id,
      name: vos.name,
      state: vos.state,
      applicantId: vos.applicantId,
      deputyId: vos.deputyId,
      updatedAt: vos.updatedAt,
    })
    .from(vos)
    .where(isVoReviewer(principal.roles) ? or(mine, inArray(vos.state, [...VO_REVIEW_STATES])) : mine)
    .orderBy(vos.updatedAt, vos.id);
};

/** The portal's latest audit events, newest first (the time index). */
export const loadLatestAuditEvents = (db: Db, limit: number): Promise<AuditRow[]> =>
  db
    .select(withActorName)
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);

/** The latest audit events of these services, newest first (the object index). */
export const loadServicesAuditEvents = (db: Db, serviceIds: readonly string[], limit: number): Promise<AuditRow[]> =>
  serviceIds.length === 0
    ? Promise.resolve([])
    : db
        .select(withActorName)
        .from(auditEvents)
        .leftJoin(users, eq(users.id, auditEvents.actorId))
        .where(and(eq(auditEvents.objectType, 'service'), inArray(auditEvents.objectId, [...serviceIds])))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
