import { isVoReviewer, VO_REVIEW_STATES, type Principal, type VoListQuery, type VoServiceRef } from '@nubes/domain';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { escapeLike } from '../db/escape-like.js';
import { services, users, voComments, voServices, vos } from '../db/schema.js';
import type { VoRow } from '../model/vo.js';
import { loadInstitutionRefs, loadUserRefs } from './refs.js';

/** The services a VO wants, by row id. */
export const loadVoServiceIds = async (db: Db | Tx, voId: string): Promise<string[]> =>
  (await db.select({ id: voServices.serviceId }).from(voServices).where(eq(voServices.voId, voId))).map(
    (row) => row.id,
  );

/** The services a VO wants, as the answers name them, by name. */
export const loadVoServiceRefs = (db: Db | Tx, voId: string): Promise<VoServiceRef[]> =>
  db
    .select({ id: services.id, serviceId: services.serviceId, name: services.name })
    .from(voServices)
    .innerJoin(services, eq(services.id, voServices.serviceId))
    .where(eq(voServices.voId, voId))
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));

/** The comments of a VO's review, oldest first. */
export const loadVoComments = (db: Db | Tx, voId: string) =>
  db.select().from(voComments).where(eq(voComments.voId, voId)).orderBy(asc(voComments.createdAt), asc(voComments.id));

/** Whether another VO has this name, compared regardless of case (the unique index on lower(name)). */
export const isVoNameTaken = async (db: Db | Tx, name: string, exceptId?: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: vos.id })
    .from(vos)
    .where(and(sql`lower(${vos.name}) = lower(${name.trim()})`, exceptId ? ne(vos.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
};

/** Of the given service ids, those a VO may choose now: services online. */
export const loadOnlineServiceIds = async (db: Db | Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, [...new Set(ids)]), eq(services.state, 'service_online')));
  return new Set(rows.map((row) => row.id));
};

/** A VO's name and state with its two people: what decides whose step it is (voActorContext). */
export const voStepColumns = {
  id: vos.id,
  name: vos.name,
  state: vos.state,
  applicantId: vos.applicantId,
  deputyId: vos.deputyId,
};

/**
 * My VOs: the caller's VOs as applicant or deputy and, for reviewers (voSupervisor, the portfolio
 * manager, the portal manager), every VO waiting for a review step, those first. Filtered by
 * state and by a search over the name and the managers' names; sorted, paged, ending on the id so
 * that pages are stable.
 */
export const listVoPage = async (db: Db, principal: Principal, query: VoListQuery) => {
  const applicant = alias(users, 'applicant');
  const deputy = alias(users, 'deputy');
  const reviewer = isVoReviewer(principal.roles);
  const waiting = reviewer
    ? sql<boolean>`(${vos.state} IN (${sql.join(
        VO_REVIEW_STATES.map((state) => sql`${state}`),
        sql`, `,
      )}))`
    : sql<boolean>`false`;
  const mine = or(eq(vos.applicantId, principal.id), eq(vos.deputyId, principal.id))!;
  const conditions: (SQL | undefined)[] = [
    reviewer ? or(mine, waiting) : mine,
    query.state ? eq(vos.state, query.state) : undefined,
  ];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    conditions.push(
      or(
        ilike(vos.name, pattern),
        ilike(applicant.fullname, pattern),
        ilike(applicant.username, pattern),
        ilike(deputy.fullname, pattern),
        ilike(deputy.username, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const direction = query.order === 'asc' ? asc : desc;
  const sortColumn = { updatedAt: vos.updatedAt, name: sql`lower(${vos.name})`, state: vos.state }[query.sort];

  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...voStepColumns,
        applicant: sql<string>`coalesce(nullif(${applicant.fullname}, ''), ${applicant.username})`,
        deputy: sql<string | null>`coalesce(nullif(${deputy.fullname}, ''), ${deputy.username})`,
        updatedAt: vos.updatedAt,
        entitlement: vos.entitlement,
        waiting,
      })
      .from(vos)
      .innerJoin(applicant, eq(applicant.id, vos.applicantId))
      .leftJoin(deputy, eq(deputy.id, vos.deputyId))
      .where(where)
      // PostgreSQL refuses a constant in ORDER BY: only reviewers have a waiting column to sort by.
      .orderBy(...(reviewer ? [desc(waiting)] : []), direction(sortColumn), direction(vos.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(vos)
      .innerJoin(applicant, eq(applicant.id, vos.applicantId))
      .leftJoin(deputy, eq(deputy.id, vos.deputyId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
};

export type VoListRow = Awaited<ReturnType<typeof listVoPage>>['rows'][number];

/** What a VO's answer names besides its row: services, comments, the people and the home institution. */
export const loadVoDetailsParts = async (db: Db | Tx, row: VoRow) => {
  const [services, comments] = await Promise.all([loadVoServiceRefs(db, row.id), loadVoComments(db, row.id)]);
  const userIds = [
    row.applicantId,
    row.deputyId,
    row.termsConfirmedBy,
    row.policiesAcceptedBy,
    ...comments.map((comment) => comment.authorId),
  ].filter((id): id is string => id !== null);
  const [people, institutionRefs] = await Promise.all([
    loadUserRefs(db, userIds),
    loadInstitutionRefs(db, row.homeInstitutionId ? [row.homeInstitutionId] : []),
  ]);
  return {
    services,
    comments,
    users: people,
    institution: row.homeInstitutionId ? (institutionRefs.get(row.homeInstitutionId) ?? null) : null,
  };
};

/** The services a VO may choose: every service online, by name. */
export const listVoServiceOptions = (db: Db): Promise<VoServiceRef[]> =>
  db
    .select({ id: services.id, serviceId: services.serviceId, name: services.name })
    .from(services)
    .where(eq(services.state, 'service_online'))
    .orderBy(asc(sql`lower(${services.name})`), asc(services.id));
