import {
  DOWNTIME_FEED_ENDED_DAYS,
  DOWNTIME_LIST_MAX,
  DOWNTIME_PORTFOLIO_DAYS_AHEAD,
  DOWNTIME_SERVICE_STATES,
} from '@nubes/domain';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { downtimes, downtimeSubscriptions, services, users } from '../db/schema.js';

/** A downtime's row with the name of who announced it (null once that account is gone). */
export type DowntimeRow = typeof downtimes.$inferSelect & { announcedByName: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

const selectRows = (db: Db | Tx) =>
  db
    .select({
      row: downtimes,
      announcedByName: sql<string | null>`coalesce(nullif(${users.fullname}, ''), ${users.username})`,
    })
    .from(downtimes)
    .leftJoin(users, eq(users.id, downtimes.announcedBy));

const flatten = (rows: { row: typeof downtimes.$inferSelect; announcedByName: string | null }[]): DowntimeRow[] =>
  rows.map(({ row, announcedByName }) => ({ ...row, announcedByName }));

/** One downtime by its id, locked for a change when asked; null when there is none. */
export const loadDowntime = async (db: Db | Tx, id: string, options: { forUpdate?: boolean } = {}) => {
  const query = db.select().from(downtimes).where(eq(downtimes.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
};

/** One downtime with its announcer's name, as the answers present it. */
export const loadDowntimeRow = async (db: Db | Tx, id: string): Promise<DowntimeRow | null> =>
  flatten(await selectRows(db).where(eq(downtimes.id, id)))[0] ?? null;

/**
 * A service's downtimes as its screen lists them: the current and coming ones (not cancelled, not
 * yet ended) first by start, then the ended and cancelled ones newest first; at most DOWNTIME_LIST_MAX.
 */
export const loadServiceDowntimes = async (db: Db, serviceId: string, now: Date): Promise<DowntimeRow[]> => {
  const open = sql`(${downtimes.cancelledAt} is null and ${downtimes.endsAt} > ${now.toISOString()}::timestamptz)`;
  return flatten(
    await selectRows(db)
      .where(eq(downtimes.serviceId, serviceId))
      .orderBy(
        desc(open),
        sql`case when ${open} then ${downtimes.startsAt} end asc`,
        desc(downtimes.startsAt),
        asc(downtimes.id),
      )
      .limit(DOWNTIME_LIST_MAX),
  );
};

/** Whether the user takes the service's downtime mails. */
export const isSubscribed = async (db: Db, serviceId: string, userId: string): Promise<boolean> => {
  const [row] = await db
    .select({ userId: downtimeSubscriptions.userId })
    .from(downtimeSubscriptions)
    .where(and(eq(downtimeSubscriptions.serviceId, serviceId), eq(downtimeSubscriptions.userId, userId)));
  return row !== undefined;
};

/** Who takes the service's downtime mails, by user id. */
export const loadSubscriberIds = async (db: Db | Tx, serviceId: string): Promise<string[]> =>
  (
    await db
      .select({ userId: downtimeSubscriptions.userId })
      .from(downtimeSubscriptions)
      .where(eq(downtimeSubscriptions.serviceId, serviceId))
  ).map((row) => row.userId);

const inCatalogue = inArray(services.state, [...DOWNTIME_SERVICE_STATES]);

/** The current and coming downtimes of one catalogue service by its service ID (SVC-00042), by start (its public page). */
export const loadOpenDowntimes = async (db: Db, serviceNumber: string, now: Date) =>
  db
    .select({ downtime: downtimes })
    .from(downtimes)
    .innerJoin(services, eq(services.id, downtimes.serviceId))
    .where(
      and(eq(services.serviceId, serviceNumber), isNull(downtimes.cancelledAt), gt(downtimes.endsAt, now), inCatalogue),
    )
    .orderBy(asc(downtimes.startsAt), asc(downtimes.id))
    .then((rows) => rows.map((row) => row.downtime));

/**
 * The downtime each catalogue service's portfolio row names: the current one, else the next one
 * starting within DOWNTIME_PORTFOLIO_DAYS_AHEAD days; keyed by the service's row id. And the next
 * moment at which that answer changes by time alone (a start, an end, a downtime coming into the
 * window), so the cached portfolio is built again then.
 */
export const loadPortfolioDowntimes = async (
  db: Db,
  now: Date,
): Promise<{ byService: Map<string, typeof downtimes.$inferSelect>; changesAt: Date | null }> => {
  const open = await db
    .select({ downtime: downtimes })
    .from(downtimes)
    .innerJoin(services, eq(services.id, downtimes.serviceId))
    .where(and(isNull(downtimes.cancelledAt), gt(downtimes.endsAt, now), inCatalogue))
    .orderBy(asc(downtimes.startsAt), asc(downtimes.id));
  const ahead = now.getTime() + DOWNTIME_PORTFOLIO_DAYS_AHEAD * DAY_MS;
  const byService = new Map<string, typeof downtimes.$inferSelect>();
  let changesAt: number | null = null;
  const later = (moment: number) => {
    if (moment > now.getTime() && (changesAt === null || moment < changesAt)) changesAt = moment;
  };
  for (const { downtime } of open) {
    const start = downtime.startsAt.getTime();
    if (start <= ahead && !byService.has(downtime.serviceId)) byService.set(downtime.serviceId, downtime);
    later(start - DOWNTIME_PORTFOLIO_DAYS_AHEAD * DAY_MS);
    later(start);
    later(downtime.endsAt.getTime());
  }
  return { byService, changesAt: changesAt === null ? null : new Date(changesAt) };
};

/** A downtime in a calendar feed, with its service's name and number. */
export interface CalendarDowntime {
  downtime: typeof downtimes.$inferSelect;
  serviceName: string;
  serviceNumber: string;
}

/**
 * The downtimes a calendar feed lists: of catalogue services (one by its service ID, or all), those not yet ended
 * and those ended within DOWNTIME_FEED_ENDED_DAYS days, cancelled ones too (a calendar removes them).
 */
export const loadCalendarDowntimes = async (db: Db, now: Date, serviceNumber?: string): Promise<CalendarDowntime[]> => {
  const since = new Date(now.getTime() - DOWNTIME_FEED_ENDED_DAYS * DAY_MS);
  const rows = await db
    .select({ downtime: downtimes, serviceName: services.name, serviceNumber: services.serviceId })
    .from(downtimes)
    .innerJoin(services, eq(services.id, downtimes.serviceId))
    .where(
      and(gt(downtimes.endsAt, since), inCatalogue, ...(serviceNumber ? [eq(services.serviceId, serviceNumber)] : [])),
    )
    .orderBy(asc(downtimes.startsAt), asc(downtimes.id));
  return rows;
};
