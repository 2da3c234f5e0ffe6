import { FEED_ACTIONS, type FeedAction } from '@nubes/domain';
import { and, asc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { auditEvents, resourcePackages, services, vos } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';
import { visibleResourcePackagesSql, visibleServicesSql, visibleVosSql } from '../policies/visibility-sql.js';

/** A place in the feed: the writing transaction's id and the event's place in the insert order. */
export interface FeedPosition {
  txId: number;
  seq: number;
}

const START: FeedPosition = { txId: 0, seq: 0 };

/** Opaque to readers: base64url of `<txId>.<seq>`. */
const encodeFeedCursor = (position: FeedPosition): string =>
  Buffer.from(`${position.txId}.${position.seq}`).toString('base64url');

const decodeFeedCursor = (cursor: string | undefined): FeedPosition => {
  if (cursor === undefined) return START;
  const match = /^(\d{1,18})\.(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  if (!match) throw invalidInput(undefined, { after: 'validation.invalid' });
  return { txId: Number(match[1]), seq: Number(match[2]) };
};

/** The literal list, as the partial index audit_events_feed_idx names it, so the planner matches the two. */
const FEED_ACTIONS_SQL = sql.raw(`${auditEvents.action.name} in (${FEED_ACTIONS.map((a) => `'${a}'`).join(', ')})`);

/**
 * The feed's events after `position`, in order, of transactions older than every one still open:
 * a transaction that commits later has a higher id than that horizon, so it lands after every
 * cursor handed out before (docs/adr/0120-event-feed-and-signed-webhooks.md).
 */
const feedCandidates = (db: Db, position: FeedPosition, limit: number) =>
  db
    .select({ id: auditEvents.id, txId: auditEvents.txId, seq: auditEvents.seq })
    .from(auditEvents)
    .where(
      and(
        FEED_ACTIONS_SQL,
        sql`(${auditEvents.txId}, ${auditEvents.seq}) > (${position.txId}::bigint, ${position.seq}::bigint)`,
        sql`${auditEvents.txId} < (pg_snapshot_xmin(pg_current_snapshot())::text)::bigint`,
      ),
    )
    .orderBy(asc(auditEvents.txId), asc(auditEvents.seq))
    .limit(limit);

const uuidOf = (objectType: string): SQL =>
  sql`(case when ${auditEvents.objectType} = ${objectType} then ${auditEvents.objectId}::uuid end)`;

/** Who may read which event: its object's visibility rule, and the object must still exist. */
const visibleEventSql = (principal: AuthUser | null): SQL | undefined => {
  const exists = or(
    and(eq(auditEvents.objectType, 'service'), isNotNull(services.id)),
    and(eq(auditEvents.objectType, 'resourcePackage'), isNotNull(resourcePackages.id), isNotNull(services.id)),
    and(eq(auditEvents.objectType, 'vo'), isNotNull(vos.id)),
  );
  if (!principal) return exists;
  return and(
    exists,
    or(
      and(eq(auditEvents.objectType, 'service'), visibleServicesSql(principal)),
      and(eq(auditEvents.objectType, 'resourcePackage'), visibleResourcePackagesSql(principal)),
      and(eq(auditEvents.objectType, 'vo'), visibleVosSql(principal)),
    ),
  );
};

export interface FeedRow {
  id: string;
  txId: number;
  seq: number;
  at: Date;
  action: FeedAction;
  objectType: string;
  objectId: string;
  before: unknown;
  after: unknown;
  serviceUuid: string | null;
  serviceId: string | null;
  voName: string | null;
}

/**
 * The events of `ids` with what names their objects, those the principal may read (all, without a
 * principal: a webhook's receiver is the portal manager's), in the feed's order, the first `limit`.
 */
export const loadFeedEvents = async (
  db: Db,
  ids: readonly string[],
  principal: AuthUser | null,
  limit = ids.length,
): Promise<FeedRow[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: auditEvents.id,
      txId: auditEvents.txId,
      seq: auditEvents.seq,
      at: auditEvents.at,
      action: auditEvents.action,
      objectType: auditEvents.objectType,
      objectId: auditEvents.objectId,
      before: auditEvents.before,
      after: auditEvents.after,
      serviceUuid: services.id,
      serviceId: services.serviceId,
      voName: vos.name,
    })
    .from(auditEvents)
    .leftJoin(resourcePackages, eq(resourcePackages.id, uuidOf('resourcePackage')))
    .leftJoin(
      services,
      eq(
        services.id,
        sql`(case ${auditEvents.objectType} when 'service' then ${auditEvents.objectId}::uuid when 'resourcePackage' then ${resourcePackages.serviceId} end)`,
      ),
    )
    .leftJoin(vos, eq(vos.id, uuidOf('vo')))
    // One array parameter, so the statement's text is the same however many ids a page holds
    // (PostgreSQL prepares each text once, docs/adr/0117-named-prepared-statements.md).
    .where(and(sql`${auditEvents.id} = any(${`{${ids.join(',')}}`}::uuid[])`, visibleEventSql(principal)))
    .orderBy(asc(auditEvents.txId), asc(auditEvents.seq))
    .limit(limit);
  return rows as FeedRow[];
};

/**
 * How many events a page reads past at most while looking for those the reader may see: five pages'
 * worth, so a reader who sees little moves on quickly, and one who sees all reads few in vain.
 */
const scanOf = (limit: number) => Math.min(1000, Math.max(200, limit * 5));

/**
 * One page of the feed for the principal: up to `limit` events it may read after the cursor, and
 * the cursor after them. Events it may not read are passed over; when a page finds fewer than
 * `limit`, the cursor moves past everything it read, so the next poll does not read them again.
 */
export const readEventFeed = async (db: Db, principal: AuthUser, after: string | undefined, limit: number) => {
  const position = decodeFeedCursor(after);
  const candidates = await feedCandidates(db, position, scanOf(limit));
  const page = await loadFeedEvents(
    db,
    candidates.map((candidate) => candidate.id),
    principal,
    limit,
  );
  const last = page.length === limit ? page.at(-1) : (candidates.at(-1) ?? position);
  return { rows: page, nextCursor: encodeFeedCursor(last ? { txId: last.txId, seq: last.seq } : position) };
};
