import { randomUUID } from 'node:crypto';
import {
  CATALOGUE_STATES,
  CHANGE_REQUEST_STATES,
  categoriseService,
  createResourcePackageSchema,
  createResourceTypeSchema,
  findTransition,
  parseAuditEvent,
  OFFBOARDING_STATES,
  RESOURCE_PACKAGE_STATES,
  SERVICE_STATES,
  validateForStep,
  reservedPrefixOf,
  retirementPlanProblems,
  weighAnswers,
  voNameProblem,
  VO_STATES,
  WORKFLOW_ACTIONS,
  todayIso,
  type ServiceState,
} from '@nubes/domain';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReservedVoNamePrefixEntries, loadReservedVoNamePrefixes } from '../queries/vo-name-prefixes.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';
import {
  appSecrets,
  auditEvents,
  changeRequests,
  contactRelations,
  contacts,
  downtimes,
  institutions,
  resourcePackages,
  resourceTypes,
  retirementPlans,
  serviceAdmins,
  serviceComments,
  serviceKeywords,
  services,
  users,
  voComments,
  voServices,
  vos,
} from '../db/schema.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';
import { checkTypeSchema, PolicySchemas } from '../json-schema/policy-schemas.js';
import { createTestApp, openTestDatabase, type TestApp } from '../test/harness.js';
import { ssoLogin } from '../../../../scripts/lib/sso-browser.mjs';
import { runReviewSchedule } from '../commands/review-schedule.js';
import { runPilotNotices } from '../commands/pilots.js';
import { runDowntimes } from '../commands/downtimes.js';
import { loadPilotList } from '../queries/pilots.js';
import { loadReviewListPage } from '../queries/service-review-list.js';
import { loadRetirementPlan } from '../queries/retirement-plan.js';
import { DEMO_SERVICES } from './catalogue.js';
import { DEMO_INSTITUTIONS } from './institutions.js';
import { DEMO_RESOURCE_PACKAGES } from './resource-packages.js';
import { DEMO_RESOURCE_TYPES } from './resource-types.js';
import { DEMO_STAFF } from './people.js';
import { DEMO_VO_NAME_PREFIXES } from './vo-name-prefixes.js';
import { DEMO_VOS } from './vos.js';
import { DEMO_DATA_MARKER, demoSeedOptions, seedDemoData } from './seed-demo-data.js';
import { passedStep } from './workflow-path.js';

const count = async (test: TestApp, table: typeof services | typeof users | typeof auditEvents) =>
  (await test.database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

describe('demo data', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ listen: true });
    const result = await seedDemoData(test.database.db, demoSeedOptions(test.config));
    expect(result).toMatchObject({ services: DEMO_SERVICES.length, centres: 6, institutions: 7 });
  });
  afterAll(() => test.close());

  it('writes only audit events the domain’s union reads, so the history shows every one', async () => {
    const rows = await test.database.db.select().from(auditEvents);
    expect(rows.length).toBeGreaterThan(DEMO_SERVICES.length);
    expect(rows.filter((row) => parseAuditEvent(row) === null)).toEqual([]);
  });

  it('has about sixty contacts at the seven institutions, related to every service, some sharing a demo login’s e-mail', async () => {
    const { db } = test.database;
    const rows = await db.select().from(contacts);
    expect(rows.length).toBeGreaterThanOrEqual(55);
    expect(new Set(rows.map((row) => row.institutionId).filter(Boolean)).size).toBe(7);
    expect(rows.some((row) => /[äöüß]/i.test(row.lastname))).toBe(true);
    const relations = await db.select().from(contactRelations);
    const related = new Set(relations.map((relation) => relation.serviceId).filter(Boolean));
    expect(related.size).toBe(DEMO_SERVICES.length);
    const emails = new Set(rows.map((row) => row.email.toLowerCase()));
    for (const login of ['carla', 'alice', 'bob'])
      expect(emails.has(DEMO_ACCOUNTS.find((a) => a.username === login)!.email.toLowerCase()), login).toBe(true);
  });

  it('has catalogue services due for review, due soon and overdue; the first run of the job starts only the due one', async () => {
    const { db } = test.database;
    const now = new Date();
    const manager = { id: randomUUID(), username: 'paula', roles: ['servicePortfolioManager'] };
    const names = async (schedule: 'due' | 'overdue' | 'dueSoon') =>
      (
        await loadReviewListPage(db, manager, { schedule, sort: 'name', order: 'asc', page: 1, pageSize: 100 }, now)
      ).rows.map((row) => row.name);
    expect(await names('overdue')).toEqual(['Video Conferencing']);
    expect(await names('dueSoon')).toContain('Nextcloud Sync & Share');
    const work = await db.transaction((tx) => runReviewSchedule(tx, now, 'Nubes'));
    const started = work.events.filter((event) => event.action === 'review.started').map((event) => event.objectId);
    const [archive] = await db.select().from(services).where(eq(services.name, 'Long-term Data Archive'));
    expect(started).toEqual([archive!.id]);
    expect(work.events.filter((event) => event.action === 'review.reminded')).toEqual([]);
    expect(await names('due')).toContain('Long-term Data Archive');
  });

  it('has one offboarding service with a complete retirement plan and its successor, and bob’s plan begun', async () => {
    const plans = await test.database.db
      .select({ service: services.name, state: services.state, serviceId: retirementPlans.serviceId })
      .from(retirementPlans)
      .innerJoin(services, eq(services.id, retirementPlans.serviceId))
      .orderBy(asc(services.name));
    expect(plans.map(({ service, state }) => [service, state])).toEqual([
      ['Collaborative Notes', 'service_discontinued'],
      ['Tape Archive Classic', 'service_discontinued'],
    ]);
    const problems = await Promise.all(
      plans.map(async ({ serviceId }) => retirementPlanProblems(await loadRetirementPlan(test.database.db, serviceId))),
    );
    expect(problems[0]).toEqual({});
    expect(Object.keys(problems[1]!)).toContain('plannedEndOn');
    expect((await loadRetirementPlan(test.database.db, plans[0]!.serviceId))?.successor?.name).toBe(
      'Nextcloud Sync & Share',
    );
  });

  it('has pilots at 5, 7 and 10 months; the first run of the pilot notices job sends the 6- and 9-month notices', async () => {
    const { db } = test.database;
    const now = new Date();
    const { items } = await loadPilotList(db, { sort: 'endsOn', order: 'asc', page: 1, pageSize: 100 }, todayIso(now));
    expect(items.map((row) => [row.name, row.state])).toEqual([
      ['Remote Visualisation', 'notice9'],
      ['Research Software Consulting', 'notice6'],
      ['PID Service', 'running'],
    ]);
    const work = await db.transaction((tx) => runPilotNotices(tx, now, 'Nubes'));
    const byId = new Map(items.map((row) => [row.id, row.name]));
    expect(
      work.events.map((event) => [byId.get(event.objectId), (event.after as { notice: string }).notice]).sort(),
    ).toEqual([
      ['Remote Visualisation', 'notice9'],
      ['Research Software Consulting', 'notice6'],
    ]);
  });

  it('has a degraded downtime running and an outage coming; the first run of the downtimes job moves nothing', async () => {
    const { db } = test.database;
    const now = new Date();
    const rows = await db
      .select({
        service: services.name,
        state: services.state,
        severity: downtimes.severity,
        startsAt: downtimes.startsAt,
      })
      .from(downtimes)
      .innerJoin(services, eq(services.id, downtimes.serviceId))
      .orderBy(downtimes.startsAt);
    expect(rows.map((row) => [row.service, row.severity, row.startsAt < now ? 'current' : 'coming'])).toEqual([
      ['Virtual Machine Cloud', 'degraded', 'current'],
      ['S3 Object Storage', 'outage', 'coming'],
    ]);
    const work = await db.transaction((tx) => runDowntimes(tx, now, 'Nubes'));
    expect(work.events).toEqual([]);
  });

  it('has change requests in every state, one handed in on a service of alice’s (the lock)', async () => {
    const rows = await test.database.db
      .select({ state: changeRequests.state, owner: users.username, service: services.name })
      .from(changeRequests)
      .innerJoin(services, eq(services.id, changeRequests.serviceId))
      .innerJoin(users, eq(users.id, services.objectOwnerId));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(CHANGE_REQUEST_STATES));
    expect(rows).toContainEqual({ state: 'handed_in', owner: 'alice', service: 'Lustre Scratch Storage' });
    // alice's online HPC Batch Computing stays free for a request of her own.
    expect(rows.some((r) => r.service === 'HPC Batch Computing')).toBe(false);
  });

  it('gives the applied change request its apply in the service’s history: the request and each accepted field', async () => {
    const { db } = test.database;
    const [service] = await db.select().from(services).where(eq(services.name, 'JupyterHub on HPC'));
    const events = await db
      .select({ action: auditEvents.action, actor: auditEvents.actorName, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.objectId, service!.id));
    expect(events).toContainEqual(
      expect.objectContaining({
        action: 'service.changeRequestApplied',
        actor: 'paula',
        after: expect.objectContaining({ appliedFields: ['maintenanceWindow'], discardedFields: ['shortDescription'] }),
      }),
    );
    expect(events).toContainEqual({
      action: 'service.updated',
      actor: 'paula',
      after: { maintenanceWindow: 'Monday to Friday, 7:00 to 20:00' },
    });
  });

  it('has resource packages of every type in every review state on online services, each policy valid for its type', async () => {
    const db = test.database.db;
    const types = await db.select().from(resourceTypes);
    expect(types.map((t) => t.key).sort()).toEqual(DEMO_RESOURCE_TYPES.map((t) => t.key).sort());
    for (const type of types) expect(checkTypeSchema(type.schema), type.key).toBeNull();
    // What the demo holds, the API would take too.
    for (const type of DEMO_RESOURCE_TYPES)
      expect(createResourceTypeSchema.safeParse({ ...type, schema: JSON.stringify(type.schema) }).success).toBe(true);
    for (const demo of DEMO_RESOURCE_PACKAGES)
      expect(
        createResourcePackageSchema.safeParse({
          name: demo.name,
          typeId: types.find((t) => t.key === demo.type)!.id,
          quota: demo.quota,
          policyNames: demo.policyNames,
          policy: JSON.stringify(demo.policy),
        }).success,
        demo.name,
      ).toBe(true);
    const rows = await db
      .select({ pkg: resourcePackages, type: resourceTypes, service: services.name, state: services.state })
      .from(resourcePackages)
      .innerJoin(resourceTypes, eq(resourceTypes.id, resourcePackages.typeId))
      .innerJoin(services, eq(services.id, resourcePackages.serviceId));
    expect(rows).toHaveLength(DEMO_RESOURCE_PACKAGES.length);
    const schemas = new PolicySchemas();
    for (const { pkg, type } of rows) expect(schemas.violations(type, pkg.policy), pkg.name).toEqual([]);
    for (const type of types)
      for (const state of RESOURCE_PACKAGE_STATES)
        expect(
          rows.some((r) => r.type.id === type.id && r.pkg.state === state),
          `${type.key} ${state}`,
        ).toBe(true);
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['service_online']));
    // alice's online service has one approved and one draft at least; rita has work from several people.
    const batch = rows.filter((r) => r.service === 'HPC Batch Computing').map((r) => r.pkg.state);
    expect(batch).toEqual(expect.arrayContaining(['approved', 'draft']));
    const waiting = rows.filter((r) => r.pkg.state === 'submitted');
    expect(new Set(waiting.map((r) => r.pkg.submittedById)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(waiting.map((r) => r.pkg.submittedAt?.toISOString())).size).toBe(waiting.length);
    for (const { pkg } of rows.filter((r) => r.pkg.state === 'rejected')) expect(pkg.reviewComment).toBeTruthy();

    // Each package's history: created, then its review steps, in time order.
    const history = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectType, 'resourcePackage'))
      .orderBy(asc(auditEvents.at));
    const steps = {
      draft: ['resourcePackage.created'],
      submitted: ['resourcePackage.created', 'resourcePackage.submitted'],
      approved: ['resourcePackage.created', 'resourcePackage.submitted', 'resourcePackage.approved'],
      rejected: ['resourcePackage.created', 'resourcePackage.submitted', 'resourcePackage.rejected'],
    };
    for (const { pkg } of rows) {
      expect(
        history.filter((e) => e.objectId === pkg.id).map((e) => e.action),
        pkg.name,
      ).toEqual(steps[pkg.state]);
      expect(pkg.version, pkg.name).toBe(steps[pkg.state].length);
    }
  });

  it('reserves VO name prefixes beside the centres’ abbreviations', async () => {
    const reserved = await loadReservedVoNamePrefixes(test.database.db);
    expect(reserved).toHaveLength(DEMO_VO_NAME_PREFIXES.length + 6);
    expect(reservedPrefixOf('Nubes-ops', reserved)).toBe('nubes');
    expect(reservedPrefixOf('hpcn-climate', reserved)).toBe('HPCN');
    expect(reservedPrefixOf('climate-modelling', reserved)).toBeUndefined();
  });

  it('seeds victor’s VOs in every state with shuber as deputy, one waiting for sven’s review', async () => {
    const { db } = test.database;
    const rows = await db.select().from(vos).orderBy(asc(vos.name));
    expect(rows.map((row) => row.name)).toEqual(DEMO_VOS.map((vo) => vo.name).sort());
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(VO_STATES));
    const [victor] = await db.select().from(users).where(eq(users.username, 'victor'));
    const [shuber] = await db.select().from(users).where(eq(users.username, 'shuber'));
    const reserved = await loadReservedVoNamePrefixEntries(db);
    for (const row of rows) {
      expect(row, row.name).toMatchObject({ applicantId: victor!.id, deputyId: shuber!.id });
      expect(voNameProblem(row.name, reserved), row.name).toBeNull();
      const history = await db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.objectId, row.id))
        .orderBy(asc(auditEvents.at));
      expect(history.every((event) => parseAuditEvent(event) !== null)).toBe(true);
      expect(history[0]!.action).toBe('vo.created');
      expect(row.version, row.name).toBe(history.length);
      const chosen = await db
        .select({ state: services.state })
        .from(voServices)
        .innerJoin(services, eq(services.id, voServices.serviceId))
        .where(eq(voServices.voId, row.id));
      expect(chosen.length, row.name).toBeGreaterThan(0);
      expect(chosen.every((service) => service.state === 'service_online')).toBe(true);
    }
    const waiting = rows.find((row) => row.state === 'application_received')!;
    expect(waiting.name).toBe('genome-atlas');
    const available = rows.find((row) => row.state === 'vo_available')!;
    expect(available.entitlement).toBe('urn:geant:nubes.example:group:climate-ensembles#aai.nubes.example');
    const comments = await db.select().from(voComments);
    expect(comments).toHaveLength(1);
    expect(rows.find((row) => row.id === comments[0]!.voId)!.state).toBe('application_draft');
  });

  it('adds the six centres and the alliance office, matched to the demo logins by domain', async () => {
    const rows = await test.database.db.select().from(institutions).orderBy(asc(institutions.abbreviation));
    expect(rows).toHaveLength(DEMO_INSTITUTIONS.length);
    expect(rows.filter((i) => i.isCentre && i.isServiceProvider)).toHaveLength(6);
    const office = rows.find((i) => i.domain === 'nubes-office.example')!;
    expect(office).toMatchObject({ isCentre: false, isServiceProvider: false });
    const domains = new Set(rows.map((i) => i.domain));
    for (const account of DEMO_ACCOUNTS) expect(domains).toContain(account.organisation);
    // Every demo institution has its logo, served on the public address.
    for (const row of rows) expect(row.logoContentType, row.abbreviation).toBe('image/png');
    const logo = await test.app.inject({ method: 'GET', url: `/api/institutions/${office.id}/logo` });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
  });

  it('creates every demo login before its first login, as that login would, with organisation and institution', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await test.database.db
        .select({ user: users, domain: institutions.domain })
        .from(users)
        .leftJoin(institutions, eq(institutions.id, users.institutionId))
        .where(eq(users.username, account.username));
      expect(row!.user).toMatchObject({
        fullname: account.name,
        email: account.email,
        issuer: test.config.oidc.issuer,
        internalId: account.username,
        organisation: account.organisation,
        entitlementRoles: [...account.roles].sort(),
        roles: [],
        passwordHash: null,
        lastLoginAt: null,
      });
      expect(row!.domain).toBe(account.organisation);
      // The groups the login's group entitlements name, so the first login changes nothing.
      expect(row!.user.groups.map((group) => group.name).sort()).toEqual(
        account.groups.map((group) => group.split(':').join(' / ')).sort(),
      );
    }
    const staff = await test.database.db
      .select()
      .from(users)
      .where(
        inArray(
          users.username,
          DEMO_STAFF.map((s) => s.username),
        ),
      );
    expect(staff).toHaveLength(DEMO_STAFF.length);
    for (const person of staff) {
      // No identity: nobody can log in as them.
      expect(person.issuer).toBeNull();
      expect(person.institutionId).not.toBeNull();
    }
  });

  it('has services in every one of the seventeen states, at least two in each catalogue state', async () => {
    const rows = await test.database.db.select({ state: services.state }).from(services);
    expect(rows).toHaveLength(DEMO_SERVICES.length);
    const perState = new Map<string, number>();
    for (const row of rows) perState.set(row.state, (perState.get(row.state) ?? 0) + 1);
    for (const state of SERVICE_STATES) expect(perState.get(state) ?? 0, state).toBeGreaterThan(0);
    for (const state of CATALOGUE_STATES) expect(perState.get(state), state).toBeGreaterThanOrEqual(2);
    expect(new Set(DEMO_SERVICES.map((s) => s.centre)).size).toBe(6);
  });

  it('gives every service values that pass the validation of its state, its score and its type', async () => {
    const criteria = await loadWeightingCriteria(test.database.db);
    const rows = await test.database.db.select().from(services);
    for (const row of rows) {
      const keywordIds = (
        await test.database.db.select().from(serviceKeywords).where(eq(serviceKeywords.serviceId, row.id))
      ).map((k) => k.keywordId);
      expect(keywordIds.length, row.name).toBeGreaterThan(0);
      const step = passedStep(row.state as ServiceState);
      const errors = validateForStep({ ...row.fields, keywords: keywordIds }, step ?? 'application');
      if (step) expect(errors, `${row.name} (${row.state})`).toEqual({});
      // Drafts need only valid formats.
      else
        expect(
          Object.values(errors).filter((e) => e !== 'validation.required'),
          row.name,
        ).toEqual([]);
      expect(row.serviceId).toMatch(/^SVC-\d{5}$/);
      expect(row.weightedScore).toBe(weighAnswers(criteria, row.weighting).score);
      expect(row.serviceType).toBe(categoriseService(row.fields));
      const live = (CATALOGUE_STATES as readonly string[]).includes(row.state);
      const past = (OFFBOARDING_STATES as readonly string[]).includes(row.state);
      expect(row.onlineSince !== null, row.name).toBe(live || past);
      expect(row.onlineUntil !== null, row.name).toBe(past);
      if (
        row.state !== 'application_draft' &&
        row.state !== 'application_received' &&
        row.state !== 'application_withdrawn'
      )
        expect(row.weightedScore, row.name).toBeGreaterThan(0);
    }
  });

  it('gives alice the services of HPC Centre North and bob those of Datacenter South', async () => {
    const owned = async (username: string) => {
      const [user] = await test.database.db.select().from(users).where(eq(users.username, username));
      return test.database.db
        .select({ name: services.name, abbreviation: institutions.abbreviation })
        .from(services)
        .innerJoin(institutions, eq(institutions.id, services.providerInstitutionId))
        .where(eq(services.objectOwnerId, user!.id));
    };
    const alice = await owned('alice');
    expect(alice.length).toBeGreaterThanOrEqual(5);
    expect(new Set(alice.map((s) => s.abbreviation))).toEqual(new Set(['HPCN']));
    const bob = await owned('bob');
    expect(bob.length).toBeGreaterThanOrEqual(5);
    expect(new Set(bob.map((s) => s.abbreviation))).toEqual(new Set(['DCS']));
    expect(await test.database.db.select().from(serviceAdmins)).not.toHaveLength(0);
    expect(await test.database.db.select().from(serviceComments)).not.toHaveLength(0);
  });

  it('records a history that walks the workflow table from the draft to the current state', async () => {
    const rows = await test.database.db.select().from(services);
    for (const row of rows) {
      const events = await test.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.objectId, row.id))
        .orderBy(asc(auditEvents.at));
      expect(events[0]!.action).toBe('service.created');
      let state: ServiceState = 'application_draft';
      for (const event of events.filter((e) => e.action === 'service.transition')) {
        const before = (event.before as { state: ServiceState }).state;
        const after = (event.after as { state: ServiceState }).state;
        expect(before, row.name).toBe(state);
        const rule = WORKFLOW_ACTIONS.map((action) => findTransition(action, before)).find((r) => r?.to === after);
        expect(rule, `${row.name}: ${before} → ${after}`).toBeDefined();
        state = after;
      }
      expect(state, row.name).toBe(row.state);
      expect(events.at(-1)!.at.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has one person already gone, who still owns a service: the portfolio manager’s home counts it; her login is refused', async () => {
    const [greta] = await test.database.db.select().from(users).where(eq(users.username, 'greta'));
    expect(greta).toMatchObject({ goneSource: 'claims', goneReason: 'voperson_status: expired', internalId: 'greta' });
    const owned = await test.database.db.select().from(services).where(eq(services.serviceOwnerId, greta!.id));
    expect(owned.map((service) => service.name)).toEqual(['Research Wiki']);
    const paula = await ssoLogin(test.baseUrl, 'paula');
    const home = await test.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { authorization: `Bearer ${paula}` },
    });
    expect(home.json().goneOwners).toBe(1);
    await expect(ssoLogin(test.baseUrl, 'greta')).rejects.toThrow(/answered 403/);
    // Henrik Nordmann, whom the handover walk marks gone, is not.
    const [henrik] = await test.database.db.select().from(users).where(eq(users.username, 'hnordmann'));
    expect(henrik!.goneAt).toBeNull();
  });

  it('adds nothing on a second start', async () => {
    const before = await Promise.all([count(test, services), count(test, users), count(test, auditEvents)]);
    expect(await seedDemoData(test.database.db, demoSeedOptions(test.config))).toBeNull();
    expect(await Promise.all([count(test, services), count(test, users), count(test, auditEvents)])).toEqual(before);
    expect(await test.database.db.select().from(appSecrets).where(eq(appSecrets.name, DEMO_DATA_MARKER))).toHaveLength(
      1,
    );
  });

  it('lets the first single sign-on of a demo login find and update the seeded user', async () => {
    const [seeded] = await test.database.db.select().from(users).where(eq(users.username, 'alice'));
    const token = await ssoLogin(test.baseUrl, 'alice');
    expect((await test.tokens.verify(token))?.sub).toBe(seeded!.id);

    const rows = await test.database.db.select().from(users).where(eq(users.internalId, 'alice'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: seeded!.id,
      username: 'alice',
      institutionId: seeded!.institutionId,
      organisation: 'hpc-north.example',
      entitlementRoles: ['serviceProvider'],
      // The seed wrote what the login would: nothing changed.
      version: seeded!.version,
    });
    expect(rows[0]!.lastLoginAt).not.toBeNull();
    const [created] = await test.database.db
      .select()
      .from(auditEvents)
      .where(sql`${auditEvents.objectId} = ${seeded!.id} and ${auditEvents.action} = 'user.created'`);
    expect(created!.actorName).toBe('system');
  });
});

describe('demo data on instances that start together', () => {
  it('is seeded once', async () => {
    const database = await openTestDatabase();
    try {
      const options = { issuer: 'http://localhost:8080/dev-idp', entitlements: { prefix: 'x:', map: {} } };
      const results = await Promise.all([seedDemoData(database.db, options), seedDemoData(database.db, options)]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(services)) as [{ n: number }];
      expect(n).toBe(DEMO_SERVICES.length);
    } finally {
      await database.drop();
    }
  });
});
