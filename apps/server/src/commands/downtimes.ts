import {
  canManageDowntimes,
  downtimeDescription,
  downtimeState,
  isDowntimeServiceState,
  STATUS_REASON_MAX,
  todayIso,
  type AnnounceDowntimeRequest,
  type AuditEvent,
  type DowntimeState,
  type MessageKey,
  type ServiceState,
} from '@nubes/domain';
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { downtimes, downtimeSubscriptions, services } from '../db/schema.js';
import { conflict, forbidden, invalidInput, notFound } from '../http/http-error.js';
import { downtimeMails } from '../mail/downtime-mails.js';
import { mailActorOf } from '../mail/service-mails.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import type { LoadedService } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { loadDowntime } from '../queries/downtimes.js';
import type { JobWork, ScheduledJobDefinition } from '../scheduler/scheduler.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { runWrite, type ObjectEvent, type Writes } from '../writes/pipeline.js';

type DowntimeRecord = typeof downtimes.$inferSelect;

/**
 * The downtime as the public calendar shows it, as every one of its audit events keeps it: the
 * event feed names these values from the event alone (docs/adr/0120-event-feed-and-signed-webhooks.md).
 */
const publicValuesOf = (downtime: DowntimeRecord, endsAt = downtime.endsAt) => ({
  downtimeId: downtime.id,
  severity: downtime.severity,
  startsAt: downtime.startsAt.toISOString(),
  endsAt: endsAt.toISOString(),
  descriptionEn: downtime.descriptionEn,
  descriptionDe: downtime.descriptionDe,
});

/** The portal itself, as a mail names the actor of a start. */
const portalActor = (productName: string) => ({ id: '', name: productName });

/**
 * Announced downtimes (docs/adr/0124-announced-downtimes.md). Every change is one write of the
 * pipeline: the downtime's row (version-checked) and, when an outage moves its service, the
 * service's row with its next version, with their audit events (about the service: its history
 * keeps them) and the subscribers' mails, in one transaction.
 */

/** The service's provider side and the portfolio manager manage its downtimes; others 403 (404 when they do not see it). */
const manageableService = async (tx: Tx, serviceId: string, principal: AuthUser): Promise<LoadedService> => {
  const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
  if (!canManageDowntimes(service.relation)) throw forbidden();
  return service;
};

const endInFuture = (endsAt: Date, now: Date, field = 'endsAt') => {
  if (endsAt.getTime() <= now.getTime()) throw invalidInput(undefined, { [field]: 'downtimes.errors.endPassed' });
};

export const announceDowntime = (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  request: AnnounceDowntimeRequest,
  now: Date,
): Promise<DowntimeRecord> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const service = await manageableService(tx, serviceId, principal);
    if (!isDowntimeServiceState(service.row.state)) throw conflict('downtimes.errors.serviceNotInCatalogue');
    const startsAt = new Date(request.startsAt);
    const endsAt = new Date(request.endsAt);
    endInFuture(endsAt, now);
    const [row] = await tx
      .insert(downtimes)
      .values({
        serviceId: service.row.id,
        severity: request.severity,
        startsAt,
        endsAt,
        descriptionEn: request.descriptionEn ?? '',
        descriptionDe: request.descriptionDe ?? '',
        announcedBy: principal.id,
        announcedAt: now,
      })
      .returning();
    const downtime = row!;
    return {
      value: downtime,
      events: [
        {
          action: 'downtime.announced',
          objectType: 'service',
          objectId: service.row.id,
          before: null,
          after: publicValuesOf(downtime),
        },
      ],
      effects: PORTFOLIO_CHANGED,
      mails: await downtimeMails(tx, {
        kind: 'downtimeAnnounced',
        serviceId: service.row.id,
        downtime,
        actor: mailActorOf(principal),
      }),
    };
  });

/** What a change of one downtime writes besides its own row. */
interface DowntimeChange {
  set: Partial<Pick<DowntimeRecord, 'endsAt' | 'endedEarlyAt' | 'cancelledAt' | 'finishedAt'>>;
  events: AuditEvent[];
}

/**
 * Changes one downtime in the pipeline's order: lock it (404 when there is none or the caller may
 * not see its service), the policy (403), the version (409 when stale), the change, the next version.
 */
const changeDowntime = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  version: number,
  change: (tx: Tx, downtime: DowntimeRecord, service: LoadedService) => Promise<DowntimeChange>,
): Promise<DowntimeRecord> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const downtime = await loadDowntime(tx, id, { forUpdate: true });
    if (!downtime) throw notFound();
    const service = await manageableService(tx, downtime.serviceId, principal);
    if (downtime.version !== version) throw conflict();
    const { set, events } = await change(tx, downtime, service);
    const [row] = await tx
      .update(downtimes)
      .set({ ...set, version: downtime.version + 1, updatedAt: sql`now()` })
      .where(eq(downtimes.id, id))
      .returning();
    return { value: row!, events, effects: PORTFOLIO_CHANGED };
  });

const refuseUnless = (ok: boolean, message: MessageKey) => {
  if (!ok) throw conflict(message);
};

/** An event of one downtime: about its service, whose history keeps it. */
const downtimeEvent = (downtime: DowntimeRecord, event: ObjectEvent<'service'>): AuditEvent =>
  ({ ...event, objectType: 'service', objectId: downtime.serviceId }) as AuditEvent;

/** A downtime's end, by the schedule or early, at `endsAt`. */
const endedEvent = (downtime: DowntimeRecord, endsAt: Date, early: boolean): AuditEvent =>
  downtimeEvent(downtime, {
    action: 'downtime.ended',
    before: { endsAt: downtime.endsAt.toISOString() },
    after: { ...publicValuesOf(downtime, endsAt), early },
  });

/** A step open in one state of the downtime only (409 with `message` in any other). */
const stepIn =
  (
    state: DowntimeState,
    message: MessageKey,
    change: (tx: Tx, downtime: DowntimeRecord, now: Date) => Promise<DowntimeChange>,
  ) =>
  (writes: Writes, principal: AuthUser, id: string, version: number, now: Date): Promise<DowntimeRecord> =>
    changeDowntime(writes, principal, id, version, async (tx, downtime) => {
      refuseUnless(downtimeState(now, downtime) === state, message);
      return change(tx, downtime, now);
    });

/** The day a status notice names as the expected end: the downtime's end, as a day in the alliance's time zone. */
const expectedEndOf = (endsAt: Date): string => todayIso(endsAt);

/** The status notice an outage writes: its description in the portal's default language, else the other. */
const noticeReasonOf = (downtime: DowntimeRecord): string =>
  downtimeDescription('en', downtime).slice(0, STATUS_REASON_MAX);

type ServiceRecord = typeof services.$inferSelect;

const lockService = async (tx: Tx, id: string): Promise<ServiceRecord | null> =>
  (await tx.select().from(services).where(eq(services.id, id)).for('update'))[0] ?? null;

/** Whether the service still shows the outage's notice: nobody moved it by hand since the start. */
const stillMovedBy = (service: ServiceRecord, downtime: DowntimeRecord): boolean =>
  downtime.restoreState !== null &&
  service.state === 'service_not_available' &&
  (service.statusReason ?? '') === (downtime.noticeReason ?? '');

/** A workflow move the schedule makes on a service: its row with the next version and the service.transition event. */
const moveService = async (
  tx: Tx,
  service: ServiceRecord,
  to: { state: ServiceState; statusReason: string | null; statusExpectedEnd: string | null },
): Promise<AuditEvent> => {
  await tx
    .update(services)
    .set({ ...to, version: service.version + 1, updatedAt: sql`now()` })
    .where(eq(services.id, service.id));
  return {
    action: 'service.transition',
    objectType: 'service',
    objectId: service.id,
    before: { state: service.state, statusReason: service.statusReason, statusExpectedEnd: service.statusExpectedEnd },
    after: to,
  };
};

/**
 * An outage's end (by the schedule or ended early): a service it moved to not available goes back
 * to the state it came from, unless someone moved it meanwhile (its state or notice is not the
 * outage's any more); then it is left alone.
 */
const restoreService = async (tx: Tx, downtime: DowntimeRecord): Promise<AuditEvent[]> => {
  if (downtime.restoreState === null) return [];
  const service = await lockService(tx, downtime.serviceId);
  if (!service || !stillMovedBy(service, downtime)) return [];
  return [
    await moveService(tx, service, { state: downtime.restoreState, statusReason: null, statusExpectedEnd: null }),
  ];
};

export const extendDowntime = (
  writes: Writes,
  principal: AuthUser,
  id: string,
  request: { endsAt: string; version: number },
  now: Date,
): Promise<DowntimeRecord> =>
  changeDowntime(writes, principal, id, request.version, async (tx, downtime) => {
    const state = downtimeState(now, downtime);
    refuseUnless(state === 'coming' || state === 'current', 'downtimes.errors.notOpen');
    const endsAt = new Date(request.endsAt);
    if (endsAt.getTime() <= downtime.endsAt.getTime())
      throw invalidInput(undefined, { endsAt: 'downtimes.errors.endNotLater' });
    endInFuture(endsAt, now);
    const events: AuditEvent[] = [
      downtimeEvent(downtime, {
        action: 'downtime.extended',
        before: { endsAt: downtime.endsAt.toISOString() },
        after: publicValuesOf(downtime, endsAt),
      }),
    ];
    // A service the outage moved names its end as the expected end: it moves with the extension.
    const service = downtime.restoreState === null ? null : await lockService(tx, downtime.serviceId);
    const expectedEnd = expectedEndOf(endsAt);
    if (service && stillMovedBy(service, downtime) && service.statusExpectedEnd !== expectedEnd) {
      await tx
        .update(services)
        .set({ statusExpectedEnd: expectedEnd, version: service.version + 1, updatedAt: sql`now()` })
        .where(eq(services.id, service.id));
      events.push({
        action: 'service.updated',
        objectType: 'service',
        objectId: service.id,
        before: { statusExpectedEnd: service.statusExpectedEnd },
        after: { statusExpectedEnd: expectedEnd },
      });
    }
    return { set: { endsAt }, events };
  });

export const endDowntimeNow = stepIn('current', 'downtimes.errors.notCurrent', async (tx, downtime, now) => {
  // The end is after the start (the table's check), even when ended in the very moment it began.
  const endsAt = new Date(Math.max(now.getTime(), downtime.startsAt.getTime() + 1000));
  return {
    set: { endsAt, endedEarlyAt: now, finishedAt: now },
    events: [endedEvent(downtime, endsAt, true), ...(await restoreService(tx, downtime))],
  };
});

export const cancelDowntime = stepIn('coming', 'downtimes.errors.notComing', async (_tx, downtime, now) => ({
  set: { cancelledAt: now },
  events: [
    downtimeEvent(downtime, {
      action: 'downtime.cancelled',
      before: null,
      after: publicValuesOf(downtime),
    }),
  ],
}));

/**
 * Subscribes the caller to a service's downtime mails, or ends that; 404 when the caller may not
 * see the service. Idempotent: a second call writes nothing and records no event.
 */
export const setDowntimeSubscription = (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  subscribed: boolean,
): Promise<void> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal);
    const where = and(
      eq(downtimeSubscriptions.serviceId, service.row.id),
      eq(downtimeSubscriptions.userId, principal.id),
    );
    const changed = subscribed
      ? await tx
          .insert(downtimeSubscriptions)
          .values({ serviceId: service.row.id, userId: principal.id })
          .onConflictDoNothing()
          .returning()
      : await tx.delete(downtimeSubscriptions).where(where).returning();
    if (changed.length === 0) return { value: undefined, events: [] };
    const event: AuditEvent = subscribed
      ? {
          action: 'downtimeSubscription.created',
          objectType: 'user',
          objectId: principal.id,
          before: null,
          after: { serviceId: service.row.id },
        }
      : {
          action: 'downtimeSubscription.deleted',
          objectType: 'user',
          objectId: principal.id,
          before: { serviceId: service.row.id },
          after: null,
        };
    return { value: undefined, events: [event] };
  });

/**
 * The downtimes job's work at `now`: every start and every end due, each taken once. A start is
 * taken by the one update that sets `started_at` where it was null (so a run repeated at the same
 * moment, after a crash that rolled back, or on another instance takes none twice), an end by the
 * one that sets `finished_at`. At its start an outage moves its service from online or full
 * capacity to not available with its description as the notice and its end as the expected end,
 * and keeps the state it came from; at its end the service goes back (restoreService). A degraded
 * downtime moves nothing. The subscribers get the start's mail.
 */
export const runDowntimes = async (tx: Tx, now: Date, productName: string): Promise<JobWork> => {
  const started = await tx
    .update(downtimes)
    .set({ startedAt: now, updatedAt: sql`now()` })
    .where(
      and(
        isNull(downtimes.startedAt),
        isNull(downtimes.cancelledAt),
        lte(downtimes.startsAt, now),
        gt(downtimes.endsAt, now),
      ),
    )
    .returning();
  const events: AuditEvent[] = [];
  const mails: OutboxMessage[] = [];
  for (const downtime of started.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    events.push(
      downtimeEvent(downtime, {
        action: 'downtime.started',
        before: null,
        after: publicValuesOf(downtime),
      }),
    );
    if (downtime.severity === 'outage') {
      const service = await lockService(tx, downtime.serviceId);
      if (service && (service.state === 'service_online' || service.state === 'service_full_capacity_reached')) {
        const statusReason = noticeReasonOf(downtime);
        events.push(
          await moveService(tx, service, {
            state: 'service_not_available',
            statusReason,
            statusExpectedEnd: expectedEndOf(downtime.endsAt),
          }),
        );
        await tx
          .update(downtimes)
          .set({ restoreState: service.state, noticeReason: statusReason })
          .where(eq(downtimes.id, downtime.id));
      }
    }
    mails.push(
      ...(await downtimeMails(tx, {
        kind: 'downtimeStarted',
        serviceId: downtime.serviceId,
        downtime,
        actor: portalActor(productName),
      })),
    );
  }
  const finished = await tx
    .update(downtimes)
    .set({ finishedAt: now, updatedAt: sql`now()` })
    .where(and(isNull(downtimes.finishedAt), isNull(downtimes.cancelledAt), lte(downtimes.endsAt, now)))
    .returning();
  for (const downtime of finished.sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime())) {
    events.push(endedEvent(downtime, downtime.endsAt, false), ...(await restoreService(tx, downtime)));
  }
  return events.length === 0 ? { events } : { events, mails, effects: PORTFOLIO_CHANGED };
};

/** Starts and ends are moments: the job looks every minute. */
const DOWNTIMES_INTERVAL_MS = 60 * 1000;

/** The downtimes as a job of the scheduler (docs/adr/0115-one-scheduler-for-timed-work.md). */
export const downtimesJob = (productName: string): ScheduledJobDefinition => ({
  name: 'downtimes',
  intervalMs: DOWNTIMES_INTERVAL_MS,
  run: (tx, now) => runDowntimes(tx, now, productName),
});
