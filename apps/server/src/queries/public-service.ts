import {
  CATALOGUE_STATES,
  OFFBOARDING_STATES,
  type FieldValues,
  type PublicDowntime,
  type PublicRetirement,
  type ServiceState,
} from '@nubes/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { institutions, keywords, serviceKeywords, services } from '../db/schema.js';
import { loadRetirementPlan } from './retirement-plan.js';

/** The states the public portfolio lists: only these services have a public page. */
export const PUBLIC_STATES: readonly ServiceState[] = [...CATALOGUE_STATES, ...OFFBOARDING_STATES];

export interface PublicServiceRow {
  serviceId: string;
  name: string;
  state: ServiceState;
  fields: FieldValues;
  onlineSince: Date | null;
  onlineUntil: Date | null;
  statusReason: string | null;
  statusExpectedEnd: string | null;
  provider: { id: string; name: string; version: number; hasLogo: boolean } | null;
  keywords: string[];
  /** While discontinued: the plan's end and its successor when that has a public page (docs/adr/0122-retirement-plan.md). */
  retirement?: PublicRetirement | null;
  /** The current and coming downtimes, by start (docs/adr/0124-announced-downtimes.md). */
  downtimes?: PublicDowntime[];
}

/** Whether a service is on the public portfolio. */
export const isPublicService = inArray(services.state, [...PUBLIC_STATES]);

/**
 * Public services with their provider and keyword names (sorted as the page shows them) in one
 * statement: the public page and the EOSC export read the same row; the caller adds its where.
 */
export const selectPublicServices = (db: Db) =>
  db
    .select({
      serviceId: services.serviceId,
      name: services.name,
      state: services.state,
      fields: services.fields,
      onlineSince: services.onlineSince,
      onlineUntil: services.onlineUntil,
      statusReason: services.statusReason,
      statusExpectedEnd: services.statusExpectedEnd,
      // A left join without a match answers null.
      provider: {
        id: institutions.id,
        name: institutions.name,
        version: institutions.version,
        hasLogo: sql<boolean>`${institutions.logoKey} is not null`,
      },
      keywords: sql<string[]>`array(${db
        .select({ name: keywords.name })
        .from(serviceKeywords)
        .innerJoin(keywords, eq(keywords.id, serviceKeywords.keywordId))
        .where(eq(serviceKeywords.serviceId, services.id))
        .orderBy(asc(sql`lower(${keywords.name})`))})`,
    })
    .from(services)
    .leftJoin(institutions, eq(institutions.id, services.providerInstitutionId));

/** A service on the public portfolio by its service ID; null when there is none or it is not public. */
export const loadPublicService = async (db: Db, serviceId: string): Promise<PublicServiceRow | null> => {
  const [found] = await selectPublicServices(db).where(and(eq(services.serviceId, serviceId), isPublicService));
  if (!found) return null;
  return { ...found, retirement: await retirementOf(db, serviceId, found.state) };
};

/** What the public reads of a discontinued service's plan; the successor only if it has a public page too. */
const retirementOf = async (db: Db, serviceId: string, state: ServiceState): Promise<PublicRetirement | null> => {
  if (state !== 'service_discontinued') return null;
  const [row] = await db.select({ id: services.id }).from(services).where(eq(services.serviceId, serviceId));
  const plan = row ? await loadRetirementPlan(db, row.id) : null;
  const successor = plan?.successor && PUBLIC_STATES.includes(plan.successor.state) ? plan.successor : null;
  return {
    plannedEndOn: plan?.plannedEndOn ?? null,
    successor: successor ? { serviceId: successor.serviceId, name: successor.name } : null,
  };
};

/** The service IDs of every service with a public page, in ID order: the sitemap's pages. */
export const listPublicServiceIds = async (db: Db): Promise<string[]> => {
  const rows = await db
    .select({ serviceId: services.serviceId })
    .from(services)
    .where(isPublicService)
    .orderBy(asc(services.serviceId));
  return rows.map((row) => row.serviceId);
};
