import {
  MAILED_PILOT_NOTICES,
  todayIso,
  type AuditEvent,
  type PilotExtensionRequest,
  type PilotNoticeKind,
  type ServiceKindRequest,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { pilotExtensions, services } from '../db/schema.js';
import { conflict, invalidInput } from '../http/http-error.js';
import { serviceMailsOf } from '../mail/service-mails.js';
import { loadServicePilot, PILOT_END, pilotStateSql, RUNNING_PILOT } from '../queries/pilots.js';
import type { JobWork, ScheduledJobDefinition } from '../scheduler/scheduler.js';
import type { Writes } from '../writes/pipeline.js';
import { changeService } from '../writes/service-writes.js';
import { refreshReviewSchedule } from './review-schedule.js';

/**
 * The portfolio manager marks a service a pilot or a regular service (docs/adr/0121-pilot-services.md):
 * version-checked on the service, audited in its history. The next review date follows the
 * interval of the kind in the same transaction.
 */
export const setServiceKind = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  request: ServiceKindRequest,
): Promise<void> => {
  await changeService(writes, {
    id: serviceId,
    principal,
    version: request.version,
    change: async (tx, service) => {
      const before = service.row.serviceKind;
      if (before === request.kind) return { events: [] };
      // Written here rather than in `set`, so the review date below reads the new kind; the
      // pipeline's `set: {}` writes the service's next version.
      await tx.update(services).set({ serviceKind: request.kind }).where(eq(services.id, serviceId));
      await refreshReviewSchedule(tx, serviceId);
      return {
        set: {},
        events: [{ action: 'pilot.kindSet', before: { serviceKind: before }, after: { serviceKind: request.kind } }],
      };
    },
  });
};

/**
 * The one extension of a running pilot: a reason and a new end after the current one, by the
 * portfolio manager, version-checked on the service. A second extension is refused (409), and
 * pilot_extensions' key refuses it too when two come at once.
 */
export const extendPilot = async (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  request: PilotExtensionRequest,
  now: Date,
): Promise<void> => {
  await changeService(writes, {
    id: serviceId,
    principal,
    version: request.version,
    change: async (tx) => {
      const pilot = await loadServicePilot(tx, serviceId, todayIso(now));
      if (!pilot || pilot.state === null || pilot.endsOn === null) throw conflict('pilots.errors.notRunning');
      if (pilot.extension) throw conflict('pilots.errors.alreadyExtended');
      if (request.endsOn <= pilot.endsOn) throw invalidInput(undefined, { endsOn: 'pilots.errors.endNotLater' });
      const [written] = await tx
        .insert(pilotExtensions)
        .values({
          serviceId,
          endsOn: request.endsOn,
          reason: request.reason,
          extendedBy: principal.id,
          extendedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!written) throw conflict('pilots.errors.alreadyExtended');
      return {
        set: {},
        events: [
          {
            action: 'pilot.extended',
            before: { endsOn: pilot.endsOn },
            after: { endsOn: request.endsOn, reason: request.reason },
          },
        ],
      };
    },
  });
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The pilot notices job's work at `now`: for every running pilot whose notice day has come, the
 * notice of its state today for its current end, once: pilot_notices' key (service, kind, end)
 * lets each be written once however often the job runs, and only a notice written now is mailed
 * and audited. A pilot seen first past several notice days gets the latest only.
 */
export const runPilotNotices = async (tx: Tx, now: Date, productName: string): Promise<JobWork> => {
  const written = rowsOf<{ id: string; kind: PilotNoticeKind; ends_on: string }>(
    await tx.execute(sql`
      insert into pilot_notices (service_id, kind, pilot_ends_on, sent_at)
      select p.id, p.state, p.ends_on, ${now.toISOString()}::timestamptz
        from (select s.id, ${pilotStateSql(todayIso(now))} as state, ${PILOT_END} as ends_on
                from services s
                left join pilot_extensions x on x.service_id = s.id
               where ${RUNNING_PILOT}) p
       where p.state <> 'running'
      on conflict do nothing
      returning service_id as id, kind, pilot_ends_on::text as ends_on`),
  );
  if (written.length === 0) return { events: [] };
  const actor = { id: '', name: productName };
  return {
    events: written.map(({ id, kind, ends_on }): AuditEvent => ({
      action: 'pilot.noticeSent',
      objectType: 'service',
      objectId: id,
      before: null,
      after: { notice: kind, endsOn: ends_on },
    })),
    mails: await serviceMailsOf(
      tx,
      'pilotNotice',
      written
        .filter(({ kind }) => MAILED_PILOT_NOTICES.includes(kind))
        .map(({ id, ends_on }) => ({ serviceId: id, actor, date: ends_on })),
    ),
  };
};

/** Notices are days: an hourly run is on time. */
const PILOT_NOTICES_INTERVAL_MS = 60 * 60 * 1000;

/** The pilot notices as a job of the scheduler (docs/adr/0115-one-scheduler-for-timed-work.md). */
export const pilotNoticesJob = (productName: string): ScheduledJobDefinition => ({
  name: 'pilotNotices',
  intervalMs: PILOT_NOTICES_INTERVAL_MS,
  run: (tx, now) => runPilotNotices(tx, now, productName),
});
