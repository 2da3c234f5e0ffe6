import {
  CATALOGUE_STATES,
  DASHBOARD_LIMITS,
  PILOT_MONTHS,
  PILOT_NOTICE_MONTHS_BEFORE_END,
  can,
  type Principal,
  type Dashboard,
  type PilotListQuery,
  type PilotRow,
  type PilotState,
  type ServiceKind,
  type ServicePilot,
} from '@nubes/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { sqlList } from '../db/schema.js';

/**
 * How a pilot's end and state are computed (docs/adr/0121-pilot-services.md), as SQL over
 * `services s` left-joined to `pilot_extensions x`: one year after the day it went online (in the
 * alliance's time zone), or the extension's end; the state by today against that end.
 */
export const PILOT_CATALOGUE = sqlList(CATALOGUE_STATES);

export const ONLINE_DAY = sql.raw(`(s.online_since at time zone 'Europe/Berlin')::date`);
export const ORIGINAL_END = sql.raw(
  `((s.online_since at time zone 'Europe/Berlin')::date + make_interval(months => ${PILOT_MONTHS}))::date`,
);
export const PILOT_END = sql`coalesce(x.ends_on, ${ORIGINAL_END})`;

/** The pilot's state on `today` (a `YYYY-MM-DD` day): the latest notice whose day has come. */
export const pilotStateSql = (today: string): SQL => {
  const day = sql`${today}::date`;
  const from = (months: number) =>
    months === 0 ? PILOT_END : sql`(${PILOT_END} - make_interval(months => ${sql.raw(String(months))}))::date`;
  const { decisionDue, notice9, notice6 } = PILOT_NOTICE_MONTHS_BEFORE_END;
  return sql`case when ${day} >= ${from(decisionDue)} then 'decisionDue'
                  when ${day} >= ${from(notice9)} then 'notice9'
                  when ${day} >= ${from(notice6)} then 'notice6'
                  else 'running' end`;
};

/** The running pilots: in the catalogue, online; services_pilot_idx holds them. */
export const RUNNING_PILOT = sql.raw(
  `s.service_kind = 'pilot' and s.online_since is not null and s.state in (${CATALOGUE_STATES.map((state) => `'${state}'`).join(', ')})`,
);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A service's pilot facts for its header; null for a service that does not exist. */
export const loadServicePilot = async (db: Db | Tx, serviceId: string, today: string): Promise<ServicePilot | null> => {
  const [row] = rowsOf<{
    kind: ServiceKind;
    version: number;
    online_since: string | null;
    ends_on: string | null;
    original_ends_on: string | null;
    extended_until: string | null;
    reason: string | null;
    extended_at: Date | string | null;
    by_id: string | null;
    by_name: string | null;
    state: PilotState | null;
  }>(
    await db.execute(sql`
      select s.service_kind as kind, s.version, ${ONLINE_DAY}::text as online_since,
             ${PILOT_END}::text as ends_on, ${ORIGINAL_END}::text as original_ends_on,
             x.ends_on::text as extended_until, x.reason, x.extended_at, u.id as by_id, u.fullname as by_name,
             case when ${RUNNING_PILOT} then ${pilotStateSql(today)} end as state
        from services s
        left join pilot_extensions x on x.service_id = s.id
        left join users u on u.id = x.extended_by
       where s.id = ${serviceId}`),
  );
  if (!row) return null;
  const pilot = row.kind === 'pilot';
  return {
    kind: row.kind,
    onlineSince: row.online_since,
    endsOn: pilot ? row.ends_on : null,
    originalEndsOn: pilot ? row.original_ends_on : null,
    extension:
      row.extended_until && row.reason && row.extended_at
        ? {
            endsOn: row.extended_until,
            reason: row.reason,
            by: row.by_id ? { id: row.by_id, fullname: row.by_name ?? '' } : null,
            at: new Date(row.extended_at).toISOString(),
          }
        : null,
    state: row.state,
    version: row.version,
  };
};

const PILOT_SORTS: Record<PilotListQuery['sort'], string> = {
  endsOn: 'p.ends_on',
  name: 'p.name_key',
  onlineSince: 'p.online_since',
};

/**
 * One page of the pilots ending and their total, in one statement: the running pilots through
 * services_pilot_idx (a few among thousands of services), their end and state computed, filtered
 * and sorted, ties by name and id.
 */
export const pilotListPageQuery = (query: PilotListQuery, today: string): SQL => {
  const order = query.order === 'desc' ? sql.raw('desc') : sql.raw('asc');
  const filters = [
    query.state ? sql`p.state = ${query.state}` : undefined,
    query.extended ? sql.raw(query.extended === 'yes' ? 'p.extended' : 'not p.extended') : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  return sql`
    select p.*, count(*) over () as total from (
      select s.id, s.service_id, s.name, lower(s.name) collate "C" as name_key,
             i.id as provider_id, i.abbreviation as provider_abbreviation, i.name as provider_name,
             ${ONLINE_DAY}::text as online_since, ${PILOT_END}::text as ends_on,
             x.service_id is not null as extended, ${pilotStateSql(today)} as state
        from services s
        left join pilot_extensions x on x.service_id = s.id
        left join institutions i on i.id = s.provider_institution_id
       where ${RUNNING_PILOT}
    ) p
    ${where}
    order by ${sql.raw(PILOT_SORTS[query.sort])} ${order}, p.name_key ${order}, p.id
    limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`;
};

export const loadPilotList = async (
  db: Db,
  query: PilotListQuery,
  today: string,
): Promise<{ items: PilotRow[]; total: number }> => {
  const rows = rowsOf<{
    id: string;
    service_id: string;
    name: string;
    provider_id: string | null;
    provider_abbreviation: string | null;
    provider_name: string | null;
    online_since: string;
    ends_on: string;
    extended: boolean;
    state: PilotState;
    total: number | string;
  }>(await db.execute(pilotListPageQuery(query, today)));
  return {
    items: rows.map((row) => ({
      id: row.id,
      serviceId: row.service_id,
      name: row.name,
      provider: row.provider_id
        ? { id: row.provider_id, abbreviation: row.provider_abbreviation ?? '', name: row.provider_name ?? '' }
        : null,
      onlineSince: row.online_since,
      endsOn: row.ends_on,
      extended: row.extended,
      state: row.state,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
};

/** The statement of the pilots a home shows (loadHomePilots): through services_pilot_idx, as the list. */
export const homePilotsQuery = (principal: Principal, today: string): SQL => {
  const mine = can(principal, 'pilot.manage')
    ? sql`true`
    : sql`(${principal.id} in (s.object_owner_id, s.service_owner_id, s.service_manager_id)
           or exists (select 1 from service_admins a where a.service_id = s.id and a.user_id = ${principal.id}))`;
  return sql`
    select * from (
      select s.id, s.service_id, s.name, ${pilotStateSql(today)} as state, ${PILOT_END}::text as ends_on
        from services s
        left join pilot_extensions x on x.service_id = s.id
       where ${RUNNING_PILOT} and ${mine}
    ) p
     where p.state <> 'running'
     order by p.ends_on, p.id`;
};

/**
 * The pilots a home shows (docs/adr/0121-pilot-services.md): those with a notice or the decision
 * due, all of them for the portfolio manager (with the count of decisions due), else those the
 * caller is provider side of; null when there is nothing to show.
 */
export const loadHomePilots = async (db: Db, principal: Principal, today: string): Promise<Dashboard['pilots']> => {
  const manager = can(principal, 'pilot.manage');
  const rows = rowsOf<{ id: string; service_id: string; name: string; state: PilotState; ends_on: string }>(
    await db.execute(homePilotsQuery(principal, today)),
  );
  if (!manager && rows.length === 0) return null;
  return {
    items: rows.slice(0, DASHBOARD_LIMITS.myServices).map((row) => ({
      id: row.id,
      serviceId: row.service_id,
      name: row.name,
      state: row.state,
      endsOn: row.ends_on,
    })),
    decisionDue: manager ? rows.filter((row) => row.state === 'decisionDue').length : null,
  };
};
