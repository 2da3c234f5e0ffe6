import { routePath, type Dashboard, type ServiceState, type VoState } from '@nubes/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  changeRequests,
  contacts,
  institutions,
  resourcePackages,
  resourceTypes,
  serviceReviews,
  users,
  vos,
} from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const ids: Record<string, string> = {};

const person = (username: string) => env.world.people[username]!;

const dashboardOf = async (user: string): Promise<Dashboard> => {
  const response = await env.test.app.inject({
    method: 'GET',
    url: '/api/dashboard',
    headers: bearer(person(user).token),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Dashboard>();
};

const serviceIn = async (key: string, state: ServiceState, owner: string, provider: 'HPCN' | 'DCS' = 'HPCN') => {
  const row = await createServiceInState(env.test.database.db, {
    state,
    name: `Dash ${key}`,
    objectOwnerId: person(owner).id,
    providerInstitutionId: env.world.institutions[provider],
  });
  ids[key] = row.id;
  return row;
};

const voIn = async (name: string, state: VoState, applicant = 'victor') => {
  const [row] = await env.test.database.db
    .insert(vos)
    .values({
      name,
      state,
      applicantId: person(applicant).id,
      description: 'A VO',
      termsConfirmed: true,
      termsConfirmedAt: new Date(),
      policiesAccepted: true,
      policiesAcceptedAt: new Date(),
      sentAt: state === 'application_draft' ? null : new Date(),
    })
    .returning();
  ids[name] = row!.id;
};

const waitingNames = (dashboard: Dashboard) =>
  dashboard.waiting.items.map((item) => `${item.kind}:${item.name}:${item.due}`);

beforeAll(async () => {
  await serviceIn('alice draft', 'application_draft', 'alice');
  await serviceIn('alice info', 'service_information_draft', 'alice');
  await serviceIn('alice received', 'application_received', 'alice');
  await serviceIn('alice online', 'service_online', 'alice');
  await serviceIn('bob draft', 'application_draft', 'bob', 'DCS');
  await serviceIn('bob info received', 'service_information_received', 'bob', 'DCS');
  await serviceIn('bob ready', 'ready_for_integration', 'bob', 'DCS');
  await serviceIn('bob online', 'service_online', 'bob', 'DCS');
  await env.test.database.db
    .insert(serviceReviews)
    .values({ serviceId: ids['alice online']!, status: 'running', startedAt: new Date() });
  await env.test.database.db
    .insert(serviceReviews)
    .values({ serviceId: ids['bob online']!, status: 'finishedOK', startedAt: new Date(), answeredAt: new Date() });
  await env.test.database.db
    .insert(changeRequests)
    .values({ serviceId: ids['bob online']!, state: 'handed_in', authorId: person('bob').id });
  await voIn('dash-received', 'application_received');
  await voIn('dash-draft', 'application_draft');
});

describe('GET /api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const response = await env.test.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('shows alice the next steps of her services and the review she must answer, never bob’s', async () => {
    const dashboard = await dashboardOf('alice');
    expect(waitingNames(dashboard)).toEqual(
      expect.arrayContaining([
        'service:Dash alice draft:completeApplication',
        'service:Dash alice info:submitServiceInformation',
        'review:Dash alice online:confirm',
      ]),
    );
    const names = waitingNames(dashboard).join(' ');
    // A received application waits for the portfolio manager, not for her.
    expect(names).not.toContain('alice received');
    expect(names).not.toContain('bob');
    expect(dashboard.waiting.items.find((item) => item.name === 'Dash alice draft')?.link).toBe(
      `/sc/service/${ids['alice draft']}?tab=status`,
    );
    expect(dashboard.myServices.items.map((s) => s.name).sort()).toEqual([
      'Dash alice draft',
      'Dash alice info',
      'Dash alice online',
      'Dash alice received',
    ]);
    expect(dashboard.myServices.total).toBe(4);
  });

  it('counts per state and centre only what the caller may read: bob’s draft is not in alice’s counts', async () => {
    const dashboard = await dashboardOf('alice');
    const drafts = dashboard.stateCounts.find((c) => c.state === 'application_draft');
    expect(drafts?.count).toBe(1);
    const dcs = dashboard.centreCounts.find((c) => c.abbreviation === 'DCS');
    // bob's three services past the draft: alice (a service provider) reads those.
    expect(dcs?.count).toBe(3);
    expect(dashboard.stateCounts.reduce((sum, c) => sum + c.count, 0)).toBe(
      dashboard.centreCounts.reduce((sum, c) => sum + c.count, 0),
    );
  });

  it('shows paula what waits for the portfolio manager: received applications and information, answered reviews, change requests', async () => {
    const dashboard = await dashboardOf('paula');
    const names = waitingNames(dashboard);
    expect(names).toEqual(
      expect.arrayContaining([
        'service:Dash alice received:planService',
        'service:Dash bob info received:readyForIntegration',
        'review:Dash bob online:end',
        'changeRequest:Dash bob online:decide',
        'vo:dash-received:approve',
      ]),
    );
    // Drafts are the provider's work, integration the integration manager's.
    expect(names.join(' ')).not.toContain('draft:completeApplication');
    expect(names.join(' ')).not.toContain('bob ready');
    expect(dashboard.stateCounts.find((c) => c.state === 'application_draft')?.count).toBe(2);
  });

  it('shows bob nothing of alice’s: not her drafts, not her services, not her review', async () => {
    const dashboard = await dashboardOf('bob');
    expect(waitingNames(dashboard)).toEqual(['service:Dash bob draft:completeApplication']);
    expect(dashboard.myServices.items.every((s) => s.name.startsWith('Dash bob'))).toBe(true);
    expect(dashboard.stateCounts.find((c) => c.state === 'application_draft')?.count).toBe(1);
  });

  it('shows ivan the services ready for integration', async () => {
    expect(waitingNames(await dashboardOf('ivan'))).toEqual(['service:Dash bob ready:integrationPlanned']);
  });

  it('shows sven the VO applications waiting for review and victor his draft', async () => {
    const sven = await dashboardOf('sven');
    expect(waitingNames(sven)).toEqual(['vo:dash-received:approve']);
    expect(sven.waiting.items[0]?.link).toBe(`/vo/virtual-organisation/${ids['dash-received']}`);
    expect(sven.myServices.total).toBe(0);
    const victor = await dashboardOf('victor');
    expect(waitingNames(victor)).toEqual(['vo:dash-draft:send']);
    expect(victor.waiting.items[0]?.link).toBe(`/vo/vo-application/${ids['dash-draft']}`);
  });

  it('gives nora, who has no role, an empty dashboard', async () => {
    const dashboard = await dashboardOf('nora');
    expect(dashboard).toEqual({
      waiting: { items: [], total: 0 },
      myServices: { items: [], total: 0 },
      stateCounts: [],
      centreCounts: [],
      activity: [],
      contactDatabase: null,
      overdueReviews: null,
      pilots: null,
      goneOwners: null,
    });
  });

  it('counts the services whose owner is gone on the portfolio manager’s home, and for nobody who does not hand over', async () => {
    const before = (await dashboardOf('paula')).goneOwners;
    expect(before).toEqual(expect.any(Number));
    const [gone] = await env.test.database.db
      .insert(users)
      .values({
        username: 'dash-gone',
        fullname: 'Gone Owner',
        goneAt: new Date(),
        goneSource: 'manager',
        goneReason: 'left',
      })
      .returning();
    await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      serviceOwnerId: gone!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    expect((await dashboardOf('paula')).goneOwners).toBe(before! + 1);
    expect((await dashboardOf('alice')).goneOwners).toBeNull();
  });

  it('counts the overdue reviews on the portfolio manager’s home, and for nobody without the review list', async () => {
    const before = (await dashboardOf('paula')).overdueReviews;
    expect(before).toEqual(expect.any(Number));
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    // Unanswered for longer than the last reminder's 28 days.
    const startedAt = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await env.test.database.db.insert(serviceReviews).values({ serviceId: service.id, status: 'running', startedAt });
    expect((await dashboardOf('paula')).overdueReviews).toBe(before! + 1);
    expect((await dashboardOf('alice')).overdueReviews).toBeNull();
  });

  it('lists recent activity of readable services only, with people’s names', async () => {
    // A workflow step through the API writes an audit event.
    const alice = person('alice');
    const detail = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${ids['alice draft']}`,
      headers: bearer(alice.token),
    });
    const step = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${ids['alice draft']}/transitions`,
      headers: bearer(alice.token),
      payload: { action: 'withdrawApplication', version: detail.json<{ version: number }>().version },
    });
    expect(step.statusCode, step.body).toBe(200);

    const own = await dashboardOf('alice');
    expect(own.activity[0]).toMatchObject({
      action: 'service.transition',
      actor: 'Alice Adler',
      objectName: 'Dash alice draft',
      link: `/sc/service/${ids['alice draft']}?tab=history`,
    });
    // Withdrawn: no longer waiting for her.
    expect(waitingNames(own).join(' ')).not.toContain('alice draft');
    expect((await dashboardOf('nora')).activity).toEqual([]);
    const admin = await dashboardOf('admin');
    expect(admin.activity.length).toBeGreaterThan(0);
  });
});

describe('GET /api/dashboard: activity of contacts, institutions and VOs', () => {
  const objects = {
    contact: '6f1c1f0e-0000-4000-8000-000000000001',
    institution: '6f1c1f0e-0000-4000-8000-000000000002',
  };
  /** One event per object, newest first as the dashboard lists them. */
  const events = () => [
    { objectType: 'contact', objectId: objects.contact, action: 'contact.updated' },
    { objectType: 'institution', objectId: objects.institution, action: 'institution.updated' },
    { objectType: 'vo', objectId: ids['dash-received']!, action: 'vo.updated' },
    { objectType: 'vo', objectId: ids['dash-other']!, action: 'vo.updated' },
  ];
  /** The inserted events' ids, each with what it is about. */
  const labels = new Map<string, string>();
  const seenBy = async (user: string) =>
    (await dashboardOf(user)).activity.flatMap((entry) => labels.get(entry.id) ?? []);
  /** What each role may read: the contact database's people its objects, VOs by the VO's rule. */
  const expected: Record<string, string[]> = {
    carla: ['contact:', 'institution:'],
    desk: ['contact:', 'institution:'],
    victor: ['vo:victor’s VO'],
    sven: ['vo:victor’s VO', 'vo:bob’s VO'],
    paula: ['vo:victor’s VO', 'vo:bob’s VO'],
    alice: [],
    ivan: [],
    nora: [],
  };
  const checkEveryRole = async () => {
    for (const [user, objectsSeen] of Object.entries(expected)) expect(await seenBy(user), user).toEqual(objectsSeen);
  };

  beforeAll(async () => {
    await voIn('dash-other', 'application_received', 'bob');
    const base = Date.now();
    const inserted = await env.test.database.db
      .insert(auditEvents)
      .values(
        events().map((event, index) => ({
          ...event,
          actorId: person('admin').id,
          actorName: 'admin',
          at: new Date(base - index * 1000),
        })),
      )
      .returning();
    for (const row of inserted)
      labels.set(
        row.id,
        `${row.objectType}:${row.objectId === ids['dash-received'] ? 'victor’s VO' : row.objectId === ids['dash-other'] ? 'bob’s VO' : ''}`,
      );
  });

  it('shows each role the events of exactly the objects it may read, linked to their screens', async () => {
    await checkEveryRole();
    const carla = await dashboardOf('carla');
    expect(carla.activity.find((entry) => entry.objectType === 'contact')?.link).toBe(
      `${routePath('contactDatabase')}?contact=${objects.contact}`,
    );
    const victor = await dashboardOf('victor');
    expect(victor.activity.find((entry) => entry.objectType === 'vo')).toMatchObject({
      link: routePath('virtualOrganisation', { id: ids['dash-received']! }),
      objectName: 'dash-received',
    });
    // A contact that no longer exists keeps its event, without a name.
    expect(carla.activity.find((entry) => entry.objectType === 'contact')?.objectName).toBeNull();
    // The portal manager reads the whole audit log, and goes there.
    const admin = await dashboardOf('admin');
    expect(admin.activity.find((entry) => entry.objectType === 'contact')?.link).toContain('tab=auditLog');
  });

  it('finds the same events by query when the portal’s latest events hold none of them', async () => {
    // Newer events of objects nobody but the portal manager reads push them out of the latest ones.
    const base = Date.now() + 60_000;
    await env.test.database.db.insert(auditEvents).values(
      Array.from({ length: 320 }, (_, index) => ({
        objectType: 'user',
        objectId: person('nora').id,
        action: 'user.updated',
        actorId: person('admin').id,
        actorName: 'admin',
        at: new Date(base + index),
      })),
    );
    await checkEveryRole();
  });
});

describe('GET /api/dashboard: each role’s own queue', () => {
  const packageIds: Record<string, string> = {};

  beforeAll(async () => {
    const db = env.test.database.db;
    const text = (en: string) => ({ en, de: en });
    const [type] = await db
      .insert(resourceTypes)
      .values({
        key: 'dash-type',
        name: text('Dash type'),
        description: text(''),
        quotaUnit: text('units'),
        schema: { type: 'object' },
      })
      .returning();
    const pkg = (name: string, state: 'submitted' | 'rejected' | 'approved', reviewComment: string | null = null) => ({
      serviceId: ids['alice online']!,
      typeId: type!.id,
      name,
      quota: 1,
      policyNames: ['default'],
      policy: {},
      state,
      submittedAt: new Date(),
      submittedById: person('alice').id,
      decidedAt: state === 'submitted' ? null : new Date(),
      reviewComment,
    });
    const rows = await db
      .insert(resourcePackages)
      .values([
        pkg('Dash waiting', 'submitted'),
        pkg('Dash rejected', 'rejected', 'Quota too high for a pilot.'),
        pkg('Dash approved', 'approved'),
      ])
      .returning();
    for (const row of rows) packageIds[row.name] = row.id;
    const [centre] = await db.select({ id: institutions.id }).from(institutions).limit(1);
    await db.insert(contacts).values({ firstname: 'Dora', lastname: 'Dashboard', institutionId: centre!.id });
  });

  const packagesOf = (dashboard: Dashboard) =>
    dashboard.waiting.items.filter((item) => item.kind === 'resourcePackage');

  it('shows the resource package manager the packages waiting for review, linked to the package', async () => {
    const rita = await dashboardOf('rita');
    expect(packagesOf(rita)).toEqual([
      expect.objectContaining({
        name: 'Dash waiting',
        serviceName: 'Dash alice online',
        state: 'submitted',
        due: 'review',
        comment: null,
        link: routePath('policy', { serviceID: ids['alice online']!, policyUID: packageIds['Dash waiting']! }),
      }),
    ]);
  });

  it('shows the provider side a rejected package to rework, with the reviewer’s reason; others nothing of it', async () => {
    const alice = await dashboardOf('alice');
    expect(packagesOf(alice)).toEqual([
      expect.objectContaining({ name: 'Dash rejected', due: 'rework', comment: 'Quota too high for a pilot.' }),
    ]);
    for (const user of ['bob', 'paula', 'carla', 'nora']) expect(packagesOf(await dashboardOf(user)), user).toEqual([]);
  });

  it('gives the contact database’s keepers its numbers and latest contacts; no one else', async () => {
    const carla = await dashboardOf('carla');
    expect(carla.contactDatabase).toMatchObject({ contacts: 1 });
    expect(carla.contactDatabase!.institutions).toBeGreaterThan(0);
    expect(carla.contactDatabase!.recentContacts).toEqual([
      expect.objectContaining({ name: 'Dashboard, Dora', organisation: expect.any(String) }),
    ]);
    for (const user of ['alice', 'rita', 'sven', 'nora'])
      expect((await dashboardOf(user)).contactDatabase, user).toBeNull();
  });

  it('shows the VO supervisor the VO queue', async () => {
    const sven = await dashboardOf('sven');
    expect(sven.waiting.items.filter((item) => item.kind === 'vo').map((item) => item.due)).toContain('approve');
  });

  it('answers 401 without a session, and never 403 to a logged-in person without a role', async () => {
    expect((await env.test.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    expect(
      (await env.test.app.inject({ method: 'GET', url: '/api/dashboard', headers: bearer('not-a-token') })).statusCode,
    ).toBe(401);
    expect((await dashboardOf('nora')).waiting.total).toBe(0);
  });
});
