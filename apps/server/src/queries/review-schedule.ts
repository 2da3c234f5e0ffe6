import {
  CATALOGUE_STATES,
  DEFAULT_REVIEW_INTERVAL_MONTHS,
  REVIEWABLE_STATES,
  type NextReview,
  type ReviewScheduleSettings,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { reviewScheduleSettings, sqlList } from '../db/schema.js';

export const CATALOGUE = sqlList(CATALOGUE_STATES);
/** Where a due review can start by itself: a catalogue state the review rules allow a start in. */
export const STARTABLE = sqlList(
  CATALOGUE_STATES.filter((state) => (REVIEWABLE_STATES as readonly string[]).includes(state)),
);

/** The default interval in months, the column's default while nobody saved the settings. */
const DEFAULT_MONTHS = sql`coalesce((select default_months from review_schedule_settings where id = 1), ${DEFAULT_REVIEW_INTERVAL_MONTHS})`;
/** The pilots' interval (docs/adr/0121-pilot-services.md), the same default. */
const PILOT_MONTHS = sql`coalesce((select pilot_months from review_schedule_settings where id = 1), ${DEFAULT_REVIEW_INTERVAL_MONTHS})`;
/** A service's interval: the pilots' for a pilot, else the default. Over `services s`. */
const INTERVAL_MONTHS = sql`case when s.service_kind = 'pilot' then ${PILOT_MONTHS} else ${DEFAULT_MONTHS} end`;

/**
 * The date a service's next review is due without a portfolio manager's date: one interval (the
 * pilots' for a pilot) after its last ended review, else after it went online (else after it was
 * created), as a calendar day in the alliance's time zone. Over `services s` and `service_reviews r`.
 */
export const DERIVED_DATE = sql`((coalesce(r.ended_at, s.online_since, s.created_at) at time zone 'Europe/Berlin')::date + make_interval(months => ${INTERVAL_MONTHS}))::date`;

/** A date the portfolio manager set holds until a review ends after it was set. Over `rs` and `r`. */
export const FIXED_HOLDS = sql`(rs.fixed_on is not null and (r.ended_at is null or r.ended_at < rs.fixed_at))`;

/** The due date as the schedule keeps it. */
export const EFFECTIVE_DATE = sql`case when ${FIXED_HOLDS} then rs.fixed_on else ${DERIVED_DATE} end`;

export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The intervals between reviews; the defaults while nobody saved them (version 0). */
export const loadReviewScheduleSettings = async (db: Db | Tx): Promise<ReviewScheduleSettings> => {
  const [row] = await db.select().from(reviewScheduleSettings).where(eq(reviewScheduleSettings.id, 1));
  return row
    ? { defaultMonths: row.defaultMonths, pilotMonths: row.pilotMonths, version: row.version }
    : { defaultMonths: DEFAULT_REVIEW_INTERVAL_MONTHS, pilotMonths: DEFAULT_REVIEW_INTERVAL_MONTHS, version: 0 };
};

/**
 * A service's next review as its header shows it: the schedule's row, or while the job has not
 * written one yet (a service just online) the date it will write; none outside the catalogue.
 */
export const loadNextReview = async (db: Db | Tx, serviceId: string): Promise<NextReview> => {
  const [row] = rowsOf<{ date: string | null; fixed: boolean; version: number | null }>(
    await db.execute(sql`
      select case when s.state in (${CATALOGUE}) then coalesce(rs.next_review_on, ${EFFECTIVE_DATE}) end::text as date,
             coalesce(${FIXED_HOLDS}, false) as fixed, rs.version
        from services s
        left join service_reviews r on r.service_id = s.id
        left join review_schedule rs on rs.service_id = s.id
       where s.id = ${serviceId}`),
  );
  return {
    date: row?.date ?? null,
    setByManager: Boolean(row?.fixed) && row?.date !== null,
    version: row?.version ?? 0,
  };
};
