import {
  CATALOGUE_STATES,
  categoriseService,
  DEFAULT_WEIGHTING_CRITERIA,
  OFFBOARDING_STATES,
  sampleFieldValue,
  SERVICE_FIELDS,
  weighAnswers,
  type FieldValues,
  type RetirementPlanValues,
  type ServiceState,
  type WeightingAnswers,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  institutions,
  keywords,
  retirementPlans,
  serviceAdmins,
  serviceKeywords,
  services,
  users,
} from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';
import { publicPortfolioChangedIn } from '../caches/service-caches.js';
import { useTestApp, type TestApp, type TestAppOptions, type TestPrincipal } from './harness.js';

/** The six centres of the demo alliance and its office; the domains match the demo accounts' organisations. */
const TEST_INSTITUTIONS = [
  { abbreviation: 'HPCN', name: 'HPC Centre North', domain: 'hpc-north.example', isCentre: true },
  { abbreviation: 'DCS', name: 'Datacenter South', domain: 'datacenter-south.example', isCentre: true },
  { abbreviation: 'UW', name: 'University West Computing Centre', domain: 'university-west.example', isCentre: true },
  { abbreviation: 'REC', name: 'Research Centre East', domain: 'research-east.example', isCentre: true },
  { abbreviation: 'CCM', name: 'Cloud Centre Mitte', domain: 'cloud-mitte.example', isCentre: true },
  { abbreviation: 'KLC', name: 'Küstenlabor Computing', domain: 'coast-lab.example', isCentre: true },
  { abbreviation: 'NUBES', name: 'Nubes Alliance Office', domain: 'nubes-office.example', isCentre: false },
] as const;

export type TestInstitutions = Record<(typeof TEST_INSTITUTIONS)[number]['abbreviation'], string>;

/** Inserts the institutions (once per database) and answers their ids by abbreviation. */
export const seedInstitutions = async (db: Db): Promise<TestInstitutions> => {
  await db
    .insert(institutions)
    .values(
      TEST_INSTITUTIONS.map((i) => ({
        ...i,
        url: `https://www.${i.domain}`,
        isServiceProvider: i.isCentre,
        description: `${i.name}, member of the alliance`,
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select({ id: institutions.id, abbreviation: institutions.abbreviation }).from(institutions);
  return Object.fromEntries(rows.map((r) => [r.abbreviation, r.id])) as TestInstitutions;
};

/** Gives the seeded demo principals their organisation and the institution whose domain matches it. */
const assignPrincipalInstitutions = async (db: Db, principals: readonly TestPrincipal[]): Promise<void> => {
  for (const principal of principals) {
    const account = DEMO_ACCOUNTS.find((a) => a.username === principal.username);
    if (!account) continue;
    await db
      .update(users)
      .set({
        organisation: account.organisation,
        institutionId: sql`(select id from ${institutions} where lower(domain) = lower(${account.organisation}))`,
      })
      .where(eq(users.id, principal.id));
  }
};

export interface ServiceWorld {
  institutions: TestInstitutions;
  /** By username: alice, bob, paula, ivan, carla, desk, rita, victor, sven, nora, admin. */
  people: Record<string, TestPrincipal>;
  /** A keyword every complete service carries (keywords are required from service information on). */
  keywordId: string;
}

/** Institutions, the principals' institutions and one keyword: what most service tests start from. */
export const seedServiceWorld = async (
  test: Pick<TestApp, 'database'>,
  principals: readonly TestPrincipal[],
): Promise<ServiceWorld> => {
  const ids = await seedInstitutions(test.database.db);
  await assignPrincipalInstitutions(test.database.db, principals);
  const [keyword] = await test.database.db
    .insert(keywords)
    .values({ name: 'Cloud' })
    .onConflictDoNothing()
    .returning({ id: keywords.id });
  const keywordId =
    keyword?.id ??
    (await test.database.db.select({ id: keywords.id }).from(keywords).where(eq(keywords.name, 'Cloud')))[0]!.id;
  return {
    institutions: ids,
    people: Object.fromEntries(principals.map((p) => [p.username, p])),
    keywordId,
  };
};

/**
 * A file's app, demo people and service world: made before its first test and closed after its
 * last, so read `env.test` and `env.world` inside tests and hooks only.
 */
export const useServiceWorld = (options: TestAppOptions = {}) =>
  useTestApp(options, async (test, principals) => ({ world: await seedServiceWorld(test, principals) }));

/** Values for every field of the catalogue that pass validation up to the online step (keywords aside). */
export const completeFieldValues = (refs: { contactId: string; institutionId: string }): FieldValues =>
  Object.fromEntries(
    SERVICE_FIELDS.filter((f) => f.type !== 'keywords').map((field) => [field.key, sampleFieldValue(field, refs)]),
  );

export interface ServiceFixture {
  state?: ServiceState;
  name?: string;
  objectOwnerId: string;
  serviceOwnerId?: string | null;
  serviceManagerId?: string | null;
  providerManagerId?: string | null;
  adminIds?: readonly string[];
  providerInstitutionId?: string | null;
  /** Replaces the complete values; pass {} for a service with nothing filled in. */
  fields?: FieldValues;
  keywordIds?: readonly string[];
  weighting?: WeightingAnswers;
  documentsActive?: boolean;
  /**
   * A discontinued or retired service's retirement plan: complete unless given (as its fields are
   * complete); null for none.
   */
  retirementPlan?: RetirementPlanValues | null;
}

/** A retirement plan that lets a service be retired (docs/adr/0122-retirement-plan.md). */
export const COMPLETE_RETIREMENT_PLAN: RetirementPlanValues = {
  reason: 'Replaced by a newer service',
  plannedEndOn: '2027-06-30',
  usersToldOn: '2027-01-15',
  usersToldHow: 'A mail to every user',
  dataExportUntil: '2027-07-31',
  dataDeletionOn: '2027-09-30',
  successorId: null,
};

let fixtureCounter = 0;

/**
 * A service written straight into the database in any state, by default with complete, valid
 * field values (the contact field names the object owner): for tests that start mid-workflow.
 * The public portfolio's cache of apps on this database is told, as a command's commit tells it;
 * other direct writes in tests that the public portfolio shows should tell it themselves
 * (caches/service-caches.ts).
 */
export const createServiceInState = async (db: Db, fixture: ServiceFixture): Promise<typeof services.$inferSelect> => {
  const state = fixture.state ?? 'application_draft';
  const institutionId = fixture.providerInstitutionId ?? null;
  const fields =
    fixture.fields ??
    completeFieldValues({
      contactId: fixture.objectOwnerId,
      institutionId: institutionId ?? (await anyInstitutionId(db)),
    });
  const weighting = fixture.weighting ?? {};
  const keywordIds = fixture.keywordIds ?? (await anyKeywordIds(db));
  const live = (CATALOGUE_STATES as readonly string[]).includes(state);
  const past = (OFFBOARDING_STATES as readonly string[]).includes(state);
  fixtureCounter += 1;
  const [row] = await db
    .insert(services)
    .values({
      serviceId: sql`'SVC-' || lpad(nextval('service_number_seq')::text, 5, '0')`,
      name: fixture.name ?? `Test service ${fixtureCounter}`,
      state,
      providerInstitutionId: institutionId,
      objectOwnerId: fixture.objectOwnerId,
      serviceOwnerId: fixture.serviceOwnerId ?? null,
      serviceManagerId: fixture.serviceManagerId ?? null,
      providerManagerId: fixture.providerManagerId ?? null,
      fields,
      weighting,
      weightedScore: weighAnswers(DEFAULT_WEIGHTING_CRITERIA, weighting).score,
      serviceType: categoriseService(fields),
      documentsActive: fixture.documentsActive ?? false,
      onlineSince: live || past ? new Date('2025-01-15T09:00:00Z') : null,
      onlineUntil: past ? new Date('2026-06-30T16:00:00Z') : null,
    })
    .returning();
  for (const userId of fixture.adminIds ?? []) await db.insert(serviceAdmins).values({ serviceId: row!.id, userId });
  for (const keywordId of keywordIds) await db.insert(serviceKeywords).values({ serviceId: row!.id, keywordId });
  const plan = fixture.retirementPlan === undefined ? COMPLETE_RETIREMENT_PLAN : fixture.retirementPlan;
  if (plan && (state === 'service_discontinued' || state === 'service_retired'))
    await db.insert(retirementPlans).values({ serviceId: row!.id, ...plan });
  // Written past the commands: tell the public portfolio's cache, as a command's commit would.
  publicPortfolioChangedIn(db);
  return row!;
};

const anyInstitutionId = async (db: Db): Promise<string> => {
  const [row] = await db.select({ id: institutions.id }).from(institutions).limit(1);
  if (!row) throw new Error('seed institutions first (seedInstitutions)');
  return row.id;
};

const anyKeywordIds = async (db: Db): Promise<string[]> =>
  (await db.select({ id: keywords.id }).from(keywords).orderBy(keywords.name).limit(1)).map((k) => k.id);
