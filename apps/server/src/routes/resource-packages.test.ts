import {
  RESOURCE_PACKAGE_RULES,
  RESOURCE_PACKAGE_STATES,
  type HistoryEntry,
  type HistoryPage,
  type ResourcePackage,
  type ResourcePackageAction,
  type ResourcePackageReviewList,
  type ResourcePackageState,
  type ServiceResourcePackages,
  type ServiceState,
} from '@nubes/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, resourcePackages, resourceTypes, serviceAdmins } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
let compute: string;
let storage: string;
let retired: string;

/** Flavors and volumes with limits and a required nested property: places for every kind of message. */
const COMPUTE_SCHEMA = {
  type: 'object',
  required: ['flavor'],
  properties: {
    flavor: {
      type: 'object',
      required: ['vcpus'],
      properties: { vcpus: { type: 'integer', minimum: 1, maximum: 64 } },
    },
    volumes: { type: 'object', properties: { size_gb: { type: 'integer', maximum: 1000 } } },
    access: { enum: ['private', 'public-read'] },
  },
};

const addType = async (key: string, schema: Record<string, unknown>, isRetired = false) => {
  const name = { en: `Type ${key}`, de: `Typ ${key}` };
  const [row] = await env.test.database.db
    .insert(resourceTypes)
    .values({ key, name, description: name, quotaUnit: { en: 'vCPUs', de: 'vCPUs' }, schema, retired: isRetired })
    .returning();
  return row!.id;
};

beforeAll(async () => {
  compute = await addType('compute', COMPUTE_SCHEMA);
  storage = await addType('storage', { type: 'object', properties: { tier: { type: 'string' } } });
  retired = await addType('old-compute', { type: 'object' }, true);
});

/** alice is object owner of every service here: the provider side. */
const serviceIn = (state: ServiceState = 'service_online', name?: string) =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
    ...(name ? { name } : {}),
  });

const call = (
  username: string | null,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  language?: string,
) =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: {
      ...env.as(username),
      ...(language ? { 'accept-language': language } : {}),
    },
  });

const POLICY = { flavor: { vcpus: 4 }, volumes: { size_gb: 100 } };

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Small VM',
  typeId: compute,
  quota: 10,
  policyNames: ['small'],
  policy: JSON.stringify(POLICY),
  ...over,
});

/** A package written straight into the database in any state (with the dates its state needs). */
const packageIn = async (
  serviceId: string,
  state: ResourcePackageState,
  over: Partial<typeof resourcePackages.$inferInsert> = {},
) => {
  const [row] = await env.test.database.db
    .insert(resourcePackages)
    .values({
      serviceId,
      typeId: compute,
      name: 'Package',
      quota: 10,
      policyNames: ['small'],
      policy: POLICY,
      state,
      submittedAt: state === 'draft' ? null : new Date(),
      submittedById: state === 'draft' ? null : env.world.people.alice!.id,
      decidedAt: state === 'approved' || state === 'rejected' ? new Date() : null,
      decidedById: state === 'approved' || state === 'rejected' ? env.world.people.rita!.id : null,
      reviewComment: state === 'rejected' ? 'Too much' : null,
      ...over,
    })
    .returning();
  return row!;
};

const packageRow = async (id: string) =>
  (await env.test.database.db.select().from(resourcePackages).where(eq(resourcePackages.id, id)))[0];
const eventsOf = (objectId: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, 'resourcePackage'), eq(auditEvents.objectId, objectId)))
    .orderBy(auditEvents.at, auditEvents.id);
const mailsOf = (serviceId: string) =>
  env.test.database.db.select().from(mailOutbox).where(eq(mailOutbox.serviceId, serviceId));

const ACTORS = [null, 'alice', 'bob', 'paula', 'rita', 'nora', 'admin'] as const;

/**
 * The answer the review table asks for on an online service of alice's, per person: nobody logged
 * in 401; nora sees neither the service nor its packages (404), rita not its drafts (404); bob sees
 * the service but takes no step (403); the editors (alice, paula) submit and withdraw, the
 * reviewer (rita) approves and rejects, admin does both; a state the step does not run from 409.
 */
const expected = (
  username: (typeof ACTORS)[number],
  action: ResourcePackageAction,
  state: ResourcePackageState,
): number => {
  if (username === null) return 401;
  if (username === 'nora') return 404;
  if (username === 'rita' && state === 'draft') return 404;
  const rule = RESOURCE_PACKAGE_RULES.find((r) => r.action === action)!;
  const actors = rule.who === 'reviewer' ? ['rita', 'admin'] : ['alice', 'paula', 'admin'];
  if (!actors.includes(username)) return 403;
  return rule.from.includes(state) ? 200 : 409;
};

describe('GET /api/services/:id/resource-packages', () => {
  it('lists the packages for those who see the service; only the editors may add one', async () => {
    const service = await serviceIn();
    await packageIn(service.id, 'draft', { name: 'First' });
    await packageIn(service.id, 'approved', { name: 'Second' });
    for (const [username, canCreate] of [
      ['alice', true],
      ['paula', true],
      ['admin', true],
      ['bob', false],
    ] as const) {
      const response = await call(username, 'GET', `/services/${service.id}/resource-packages`);
      expect(response.statusCode, username).toBe(200);
      const answer = response.json<ServiceResourcePackages>();
      expect(answer.canCreate, username).toBe(canCreate);
      expect(answer.items.map((p) => p.name)).toEqual(['First', 'Second']);
    }
    const [draft, approved] = (
      await call('alice', 'GET', `/services/${service.id}/resource-packages`)
    ).json<ServiceResourcePackages>().items;
    expect(draft).toMatchObject({ actions: ['submit'], canEdit: true, provider: { abbreviation: 'HPCN' } });
    expect(approved).toMatchObject({ actions: [], canEdit: true, decidedBy: { username: 'rita' } });
    expect(approved!.type).toMatchObject({ key: 'compute', retired: false });
    expect((await call('bob', 'GET', `/services/${service.id}/resource-packages`)).json().items[0].canEdit).toBe(false);
    expect((await call('nora', 'GET', `/services/${service.id}/resource-packages`)).statusCode).toBe(404);
    expect((await call('rita', 'GET', `/services/${service.id}/resource-packages`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/services/${service.id}/resource-packages`)).statusCode).toBe(401);
    expect((await call('alice', 'GET', '/services/not-a-uuid/resource-packages')).statusCode).toBe(400);
  });

  it('shows a reviewer one submitted package, never a draft', async () => {
    const service = await serviceIn();
    const submitted = await packageIn(service.id, 'submitted');
    const draft = await packageIn(service.id, 'draft');
    const url = (id: string) => `/services/${service.id}/resource-packages/${id}`;
    const seen = await call('rita', 'GET', url(submitted.id));
    expect(seen.statusCode).toBe(200);
    expect(seen.json<ResourcePackage>()).toMatchObject({ actions: ['approve', 'reject'], canEdit: false });
    expect((await call('rita', 'GET', url(draft.id))).statusCode).toBe(404);
    expect((await call('nora', 'GET', url(submitted.id))).statusCode).toBe(404);
    // A package is found only under its own service.
    const other = await serviceIn();
    expect((await call('alice', 'GET', `/services/${other.id}/resource-packages/${draft.id}`)).statusCode).toBe(404);
  });
});

describe('POST /api/services/:id/resource-packages', () => {
  it('alice adds a draft: stored as an object, with an audit event naming the type by its key', async () => {
    const service = await serviceIn();
    const response = await call('alice', 'POST', `/services/${service.id}/resource-packages`, body());
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ResourcePackage>();
    expect(created).toMatchObject({
      name: 'Small VM',
      state: 'draft',
      version: 1,
      quota: 10,
      policy: POLICY,
      policyNames: ['small'],
      actions: ['submit'],
      canEdit: true,
      updatedBy: { username: 'alice' },
      service: { id: service.id, serviceId: service.serviceId },
    });
    const events = await eventsOf(created.id);
    expect(events.map((e) => e.action)).toEqual(['resourcePackage.created']);
    expect(events[0]!.after).toMatchObject({ serviceId: service.id, type: 'compute', quota: 10, state: 'draft' });
    expect(events[0]!.actorId).toBe(env.world.people.alice!.id);
  });

  it('refuses who may not write the service’s packages', async () => {
    const service = await serviceIn();
    const url = `/services/${service.id}/resource-packages`;
    expect((await call(null, 'POST', url, body())).statusCode).toBe(401);
    expect((await call('bob', 'POST', url, body())).statusCode).toBe(403);
    expect((await call('rita', 'POST', url, body())).statusCode).toBe(404);
    expect((await call('nora', 'POST', url, body())).statusCode).toBe(404);
    expect((await call('paula', 'POST', url, body())).statusCode).toBe(201);
    const gone = await serviceIn('service_retired');
    expect((await call('alice', 'POST', `/services/${gone.id}/resource-packages`, body())).statusCode).toBe(409);
  });

  it('answers invalid JSON, a policy that is not an object, and each place the schema refuses', async () => {
    const service = await serviceIn();
    const url = `/services/${service.id}/resource-packages`;
    const invalid = await call('alice', 'POST', url, body({ policy: '{"flavor": ' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      message: 'Cannot save invalid JSON',
      fields: { policy: 'Cannot save invalid JSON' },
    });
    const list = await call('alice', 'POST', url, body({ policy: '[1, 2]' }));
    expect(list.statusCode).toBe(400);
    expect(list.json().fields).toEqual({ policy: 'The policy must be a JSON object' });

    const violations = await call(
      'alice',
      'POST',
      url,
      body({ policy: JSON.stringify({ flavor: { vcpus: 100 }, volumes: { size_gb: 5000 }, access: 'open' }) }),
    );
    expect(violations.statusCode).toBe(400);
    expect(violations.json()).toEqual({
      error: 'invalid_input',
      message: 'The policy does not match the resource type',
      fields: {
        policy: 'The policy does not match the resource type',
        'policy/flavor/vcpus': 'Must be at most 64',
        'policy/volumes/size_gb': 'Must be at most 1000',
        'policy/access': 'Must be one of: private, public-read',
      },
    });
    const missing = await call('alice', 'POST', url, body({ policy: '{"flavor": {}}' }), 'de');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({
      policy: 'Die Policy passt nicht zum Ressourcentyp',
      'policy/flavor/vcpus': 'Dieses Feld ist erforderlich',
    });
    const german = await call('alice', 'POST', url, body({ policy: '{"flavor": {"vcpus": 65}}' }), 'de');
    expect(german.json().fields['policy/flavor/vcpus']).toBe('Darf höchstens 64 sein');
    expect(
      await env.test.database.db.select().from(resourcePackages).where(eq(resourcePackages.serviceId, service.id)),
    ).toEqual([]);
  });

  it('answers an unknown or retired type on typeId, and bad fields through the schema', async () => {
    const service = await serviceIn();
    const url = `/services/${service.id}/resource-packages`;
    const unknown = await call('alice', 'POST', url, body({ typeId: crypto.randomUUID() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ typeId: 'Please choose a resource type' });
    const old = await call('alice', 'POST', url, body({ typeId: retired }));
    expect(old.statusCode).toBe(400);
    expect(old.json().fields).toEqual({
      typeId: 'This resource type is retired and cannot be chosen for new packages',
    });
    const blank = await call('alice', 'POST', url, body({ name: '  ', quota: 0, policyNames: [] }));
    expect(blank.statusCode).toBe(400);
    expect(Object.keys(blank.json().fields).sort()).toEqual(['name', 'policyNames', 'quota']);
    expect(blank.json().fields.name).toBe('Resource Package name cannot be empty');
  });
});

describe('PATCH /api/services/:id/resource-packages/:packageId', () => {
  it('an edit of an approved package puts it back to draft, old → new per changed value', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'rejected');
    const response = await call('alice', 'PATCH', `/services/${service.id}/resource-packages/${row.id}`, {
      ...body({ name: 'Package', quota: 20, typeId: storage, policy: '{"tier": "fast"}' }),
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    // The reviewer's comment stays until the package is submitted again.
    expect(response.json<ResourcePackage>()).toMatchObject({
      state: 'draft',
      version: 2,
      quota: 20,
      type: { key: 'storage' },
      reviewComment: 'Too much',
    });
    const [event] = await eventsOf(row.id);
    expect(event).toMatchObject({
      action: 'resourcePackage.updated',
      before: { quota: 10, type: 'compute', policy: POLICY, state: 'rejected' },
      after: { quota: 20, type: 'storage', policy: { tier: 'fast' }, state: 'draft' },
    });
    expect(Object.keys(event!.after as object).sort()).toEqual(['policy', 'quota', 'state', 'type']);
  });

  it('writes nothing when nothing changed; refuses a submitted package, a stale version and others', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'draft');
    const url = `/services/${service.id}/resource-packages/${row.id}`;
    const same = { ...body({ name: 'Package' }), version: 1 };
    const unchanged = await call('alice', 'PATCH', url, same);
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json<ResourcePackage>().version).toBe(1);
    expect(await eventsOf(row.id)).toEqual([]);
    expect((await call('alice', 'PATCH', url, { ...same, quota: 3, version: 2 })).statusCode).toBe(409);
    expect((await call('bob', 'PATCH', url, { ...same, quota: 3 })).statusCode).toBe(403);
    expect((await call('nora', 'PATCH', url, { ...same, quota: 3 })).statusCode).toBe(404);
    expect((await call('alice', 'PATCH', url, { ...same, policy: '{' })).statusCode).toBe(400);
    const submitted = await packageIn(service.id, 'submitted');
    const underReview = await call('alice', 'PATCH', `/services/${service.id}/resource-packages/${submitted.id}`, same);
    expect(underReview.statusCode).toBe(409);
    expect(underReview.json().message).toBe('The package is under review and cannot be changed. Withdraw it first.');
    expect(await packageRow(row.id)).toMatchObject({ version: 1, quota: 10 });
  });

  it('an approved package saved with its policy’s keys in another order stays approved: the same JSON', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'approved');
    const reordered = JSON.stringify({ volumes: { size_gb: 100 }, flavor: { vcpus: 4 } });
    const response = await call('alice', 'PATCH', `/services/${service.id}/resource-packages/${row.id}`, {
      ...body({ name: 'Package', policy: reordered }),
      version: 1,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ResourcePackage>()).toMatchObject({ state: 'approved', version: 1 });
    expect(await eventsOf(row.id)).toEqual([]);
  });

  it('keeps a type retired after it was chosen, but refuses it as a new choice', async () => {
    const service = await serviceIn();
    const onRetired = await packageIn(service.id, 'draft', { typeId: retired, policy: {} });
    const kept = await call('alice', 'PATCH', `/services/${service.id}/resource-packages/${onRetired.id}`, {
      ...body({ typeId: retired, policy: '{}', quota: 5 }),
      version: 1,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const other = await packageIn(service.id, 'draft');
    const changed = await call('alice', 'PATCH', `/services/${service.id}/resource-packages/${other.id}`, {
      ...body({ typeId: retired, policy: '{}' }),
      version: 1,
    });
    expect(changed.statusCode).toBe(400);
    expect(Object.keys(changed.json().fields)).toEqual(['typeId']);
  });
});

describe('DELETE /api/services/:id/resource-packages/:packageId', () => {
  it('deletes with the version read, not while submitted, with an audit event', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'approved');
    const url = `/services/${service.id}/resource-packages/${row.id}`;
    expect((await call('alice', 'DELETE', url)).statusCode).toBe(400);
    expect((await call('alice', 'DELETE', `${url}?version=2`)).statusCode).toBe(409);
    expect((await call('bob', 'DELETE', `${url}?version=1`)).statusCode).toBe(403);
    expect((await call('rita', 'DELETE', `${url}?version=1`)).statusCode).toBe(403);
    expect((await call('nora', 'DELETE', `${url}?version=1`)).statusCode).toBe(404);
    const deleted = await call('alice', 'DELETE', `${url}?version=1`);
    expect(deleted.statusCode).toBe(204);
    expect(await packageRow(row.id)).toBeUndefined();
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.action)).toEqual(['resourcePackage.deleted']);
    expect(events[0]!.before).toMatchObject({ serviceId: service.id, state: 'approved', name: 'Package' });
    expect((await call('alice', 'DELETE', `${url}?version=1`)).statusCode).toBe(404);

    const submitted = await packageIn(service.id, 'submitted');
    const refused = await call(
      'alice',
      'DELETE',
      `/services/${service.id}/resource-packages/${submitted.id}?version=1`,
    );
    expect(refused.statusCode).toBe(409);
    expect(await packageRow(submitted.id)).toBeDefined();
  });
});

describe('POST /api/services/:id/resource-packages/:packageId/transitions', () => {
  it('every step × every state × every actor', async () => {
    const service = await serviceIn();
    const taken = new Set<string>();
    for (const rule of RESOURCE_PACKAGE_RULES)
      for (const state of RESOURCE_PACKAGE_STATES)
        for (const username of ACTORS) {
          const row = await packageIn(service.id, state);
          const response = await call(
            username,
            'POST',
            `/services/${service.id}/resource-packages/${row.id}/transitions`,
            {
              action: rule.action,
              version: 1,
              ...(rule.needsComment ? { comment: 'Not like this' } : {}),
            },
          );
          const want = expected(username, rule.action, state);
          const label = `${rule.action} from ${state} as ${username ?? 'anonymous'}`;
          expect(response.statusCode, `${label}: ${response.body}`).toBe(want);
          if (want === 200) {
            expect(response.json<ResourcePackage>().state, label).toBe(rule.to);
            expect(await packageRow(row.id), label).toMatchObject({ state: rule.to, version: 2 });
            expect(
              (await eventsOf(row.id)).map((e) => e.action),
              label,
            ).toHaveLength(1);
            taken.add(rule.action);
          } else {
            expect(await packageRow(row.id), label).toMatchObject({ state, version: 1 });
            expect(await eventsOf(row.id), label).toHaveLength(0);
          }
          if (want === 403)
            expect(response.json().message, label).toBe('You have insufficient permission to change the status');
          if (want === 409)
            expect(response.json().message, label).toBe('This step is not possible in the package’s current status.');
        }
    expect(taken.size).toBe(RESOURCE_PACKAGE_RULES.length);
  }, 180_000);

  it('a stale version answers 409; a rejection without a comment 400', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'submitted');
    const url = `/services/${service.id}/resource-packages/${row.id}/transitions`;
    expect((await call('rita', 'POST', url, { action: 'approve', version: 3 })).statusCode).toBe(409);
    const noComment = await call('rita', 'POST', url, { action: 'reject', version: 1, comment: '  ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().fields.comment).toBe('Please say why the package is rejected');
    expect((await call('rita', 'POST', url, { action: 'shelve', version: 1 })).statusCode).toBe(400);
    expect(await packageRow(row.id)).toMatchObject({ state: 'submitted', version: 1 });
  });

  it('submit, reject, edit, submit, approve: dates, people and comment as the review goes, mails per step', async () => {
    const service = await serviceIn();
    await env.test.database.db
      .insert(serviceAdmins)
      .values({ serviceId: service.id, userId: env.world.people.bob!.id });
    const created = (
      await call('alice', 'POST', `/services/${service.id}/resource-packages`, body())
    ).json<ResourcePackage>();
    const url = `/services/${service.id}/resource-packages/${created.id}`;
    const step = (username: string, action: ResourcePackageAction, version: number, comment?: string) =>
      call(username, 'POST', `${url}/transitions`, { action, version, ...(comment ? { comment } : {}) });
    const recipients = async (kind: string) => {
      const mails = (await mailsOf(service.id)).filter((mail) => mail.kind === kind);
      await env.test.database.db
        .delete(mailOutbox)
        .where(inArray(mailOutbox.id, mails.map((m) => m.id).concat([crypto.randomUUID()])));
      const names = Object.fromEntries(Object.entries(env.world.people).map(([name, p]) => [p.id, name]));
      return { to: mails.map((mail) => names[mail.recipientId!]).sort(), mails };
    };

    const submitted = await step('paula', 'submit', 1);
    expect(submitted.json<ResourcePackage>()).toMatchObject({
      state: 'submitted',
      submittedBy: { username: 'paula' },
      decidedBy: null,
      canEdit: false,
    });
    expect(submitted.json<ResourcePackage>().submittedAt).not.toBeNull();
    // To the reviewers only, leading to their list.
    const toReviewers = await recipients('resourcePackageSubmitted');
    expect(toReviewers.to).toEqual(['rita']);
    expect(toReviewers.mails[0]!.body).toContain('/sc/resourcePackageReviewList');
    expect(toReviewers.mails[0]!.subject).toContain('Small VM');

    const rejected = await step('rita', 'reject', 2, 'Quota too high');
    expect(rejected.json<ResourcePackage>()).toMatchObject({
      state: 'rejected',
      decidedBy: { username: 'rita' },
      reviewComment: 'Quota too high',
      canEdit: false,
    });
    // The provider side (alice, and bob as further admin) and paula, who submitted it.
    const decided = await recipients('resourcePackageDecided');
    expect(decided.to).toEqual(['alice', 'bob', 'paula']);
    expect(decided.mails[0]!.body).toContain('> Quota too high');
    expect(decided.mails[0]!.subject).toContain('rejected');

    const edited = await call('alice', 'PATCH', url, { ...body({ quota: 5 }), version: 3 });
    expect(edited.json<ResourcePackage>()).toMatchObject({ state: 'draft', reviewComment: 'Quota too high' });
    const again = await step('alice', 'submit', 4);
    expect(again.json<ResourcePackage>()).toMatchObject({
      state: 'submitted',
      submittedBy: { username: 'alice' },
      decidedAt: null,
      decidedBy: null,
      reviewComment: null,
    });
    await recipients('resourcePackageSubmitted');
    const approved = await step('admin', 'approve', 5, 'Fine now');
    expect(approved.json<ResourcePackage>()).toMatchObject({ state: 'approved', reviewComment: 'Fine now' });
    expect((await recipients('resourcePackageDecided')).to).toEqual(['alice', 'bob']);

    expect((await eventsOf(created.id)).map((e) => [e.action, e.after])).toEqual([
      ['resourcePackage.created', expect.objectContaining({ state: 'draft' })],
      ['resourcePackage.submitted', { state: 'submitted' }],
      ['resourcePackage.rejected', { state: 'rejected', comment: 'Quota too high' }],
      ['resourcePackage.updated', { quota: 5, state: 'draft' }],
      ['resourcePackage.submitted', { state: 'submitted' }],
      ['resourcePackage.approved', { state: 'approved', comment: 'Fine now' }],
    ]);

    // The history, newest first, for whoever may see the package.
    const history = await call('rita', 'GET', `${url}/history`);
    expect(history.statusCode).toBe(200);
    const items = history.json<{ items: HistoryEntry[] }>().items;
    expect(items.map((e) => e.action)).toEqual([
      'resourcePackage.approved',
      'resourcePackage.submitted',
      'resourcePackage.updated',
      'resourcePackage.rejected',
      'resourcePackage.submitted',
      'resourcePackage.created',
    ]);
    expect(items[0]).toMatchObject({ actor: 'Portal Administrator' });
    expect(items[2]!.changes).toEqual(
      expect.arrayContaining([
        { field: 'quota', before: 10, after: 5 },
        { field: 'state', before: 'rejected', after: 'draft' },
      ]),
    );
    expect((await call('nora', 'GET', `${url}/history`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${url}/history`)).statusCode).toBe(401);

    // A page at a time: four, then the two oldest, then no further page.
    const first = (await call('rita', 'GET', `${url}/history?limit=4`)).json<HistoryPage>();
    expect(first.items.map((e) => e.id)).toEqual(items.slice(0, 4).map((e) => e.id));
    const second = (await call('rita', 'GET', `${url}/history?limit=4&cursor=${first.nextCursor}`)).json<HistoryPage>();
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.items.map((e) => e.id)).toEqual(items.slice(4).map((e) => e.id));
    expect((await call('rita', 'GET', `${url}/history?cursor=nope`)).statusCode).toBe(400);
    expect((await call('rita', 'GET', `${url}/history?limit=201`)).statusCode).toBe(400);
    expect((await call('nora', 'GET', `${url}/history?cursor=${first.nextCursor}`)).statusCode).toBe(404);
  });

  it('a mail kind switched off is not sent', async () => {
    const service = await serviceIn();
    const row = await packageIn(service.id, 'draft');
    const settings = await call('rita', 'GET', '/me/mail-settings');
    expect(settings.statusCode, settings.body).toBe(200);
    const { version, language } = settings.json();
    const off = await call('rita', 'PUT', '/me/mail-settings', {
      version,
      language,
      disabledKinds: ['resourcePackageSubmitted'],
    });
    expect(off.statusCode, off.body).toBe(200);
    await call('alice', 'POST', `/services/${service.id}/resource-packages/${row.id}/transitions`, {
      action: 'submit',
      version: 1,
    });
    expect((await mailsOf(service.id)).filter((m) => m.kind === 'resourcePackageSubmitted')).toEqual([]);
    const on = await call('rita', 'PUT', '/me/mail-settings', { version: version + 1, language, disabledKinds: [] });
    expect(on.statusCode).toBe(200);
  });
});

describe('GET /api/resource-packages/review-list', () => {
  it('is for the reviewers: waiting packages first by submission, then the rest by latest change; no drafts', async () => {
    const reviewType = await addType('review-type', { type: 'object' });
    const service = await serviceIn('service_online', 'Review Service Alpha');
    const other = await serviceIn('integration_planned', 'Review Service Beta');
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));
    const late = await packageIn(service.id, 'submitted', {
      name: 'Late',
      typeId: reviewType,
      submittedAt: at(30),
      policy: {},
    });
    const early = await packageIn(other.id, 'submitted', {
      name: 'Early',
      typeId: reviewType,
      submittedAt: at(5),
      submittedById: env.world.people.paula!.id,
      policy: {},
    });
    const approved = await packageIn(service.id, 'approved', { name: 'Done', typeId: reviewType, policy: {} });
    const rejected = await packageIn(other.id, 'rejected', { name: 'Refused', typeId: reviewType, policy: {} });
    await env.test.database.db
      .update(resourcePackages)
      .set({ updatedAt: at(50) })
      .where(eq(resourcePackages.id, approved.id));
    await env.test.database.db
      .update(resourcePackages)
      .set({ updatedAt: at(40) })
      .where(eq(resourcePackages.id, rejected.id));
    await packageIn(service.id, 'draft', { name: 'Hidden draft', typeId: reviewType, policy: {} });

    const list = (username: string, query = '') =>
      call(username, 'GET', `/resource-packages/review-list?type=review-type${query}`);
    const response = await list('rita');
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ResourcePackageReviewList>();
    expect(answer.items.map((row) => row.name)).toEqual(['Early', 'Late', 'Done', 'Refused']);
    expect(answer).toMatchObject({ total: 4, page: 1, pageSize: 50 });
    expect(answer.waiting).toBe(
      (await env.test.database.db.select().from(resourcePackages).where(eq(resourcePackages.state, 'submitted')))
        .length,
    );
    expect(answer.items[0]).toMatchObject({
      id: early.id,
      actions: ['approve', 'reject'],
      submittedBy: 'Paula Peters',
      provider: { abbreviation: 'HPCN' },
      service: { id: other.id, name: 'Review Service Beta' },
      type: { name: { en: 'Type review-type', de: 'Typ review-type' }, quotaUnit: { en: 'vCPUs', de: 'vCPUs' } },
    });
    // A row carries what the list's columns show and what a step needs, nothing more.
    expect(Object.keys(answer.items[0]!).sort()).toEqual([
      'actions',
      'id',
      'name',
      'provider',
      'quota',
      'service',
      'state',
      'submittedAt',
      'submittedBy',
      'type',
      'version',
    ]);
    expect(Object.keys(answer.items[0]!.service).sort()).toEqual(['id', 'name', 'serviceId']);
    expect(answer.items[2]!.actions).toEqual([]);
    expect(late.id).toBe(answer.items[1]!.id);

    const names = async (query: string) =>
      (await list('rita', query)).json<ResourcePackageReviewList>().items.map((row) => row.name);
    expect(await names('&state=rejected')).toEqual(['Refused']);
    expect(await names('&sort=name&order=asc')).toEqual(['Done', 'Early', 'Late', 'Refused']);
    expect(await names('&sort=waiting&order=desc')).toEqual(['Refused', 'Done', 'Late', 'Early']);
    // Done and Refused were submitted now, long after the others, possibly within one millisecond
    // (their order then falls to the id), so only their place after the others is certain.
    const bySubmission = await names('&sort=submittedAt&order=asc');
    expect(bySubmission.slice(0, 2)).toEqual(['Early', 'Late']);
    expect(bySubmission.slice(2).sort()).toEqual(['Done', 'Refused']);
    expect(await names('&q=beta')).toEqual(['Early', 'Refused']);
    expect(await names(`&q=${other.serviceId.toLowerCase()}`)).toEqual(['Early', 'Refused']);
    expect(await names('&q=paula')).toEqual(['Early']);
    expect(await names('&q=peters%20early')).toEqual(['Early']);
    expect(await names('&q=hpcn%20done')).toEqual(['Done']);
    expect(await names('&q=hpc%20centre%20north%20late')).toEqual(['Late']);
    expect(await names('&pageSize=2&page=2')).toEqual(['Done', 'Refused']);
    expect((await call('rita', 'GET', '/resource-packages/review-list?type=nothing-of-that')).json().items).toEqual([]);

    expect((await list('admin')).statusCode).toBe(200);
    expect((await list('admin')).json<ResourcePackageReviewList>().items[0]!.actions).toEqual([
      'withdraw',
      'approve',
      'reject',
    ]);
    for (const username of ['alice', 'paula', 'bob', 'nora'])
      expect((await list(username)).statusCode, username).toBe(403);
    expect((await call(null, 'GET', '/resource-packages/review-list')).statusCode).toBe(401);
    expect((await list('rita', '&state=pending')).statusCode).toBe(400);
  });

  it('shows a step as soon as it is committed', async () => {
    const service = await serviceIn('service_online', 'Fresh Review Service');
    const row = await packageIn(service.id, 'draft', { name: 'Fresh one' });
    const find = async () =>
      (await call('rita', 'GET', '/resource-packages/review-list?q=fresh%20one')).json<ResourcePackageReviewList>()
        .items;
    expect(await find()).toEqual([]);
    await call('alice', 'POST', `/services/${service.id}/resource-packages/${row.id}/transitions`, {
      action: 'submit',
      version: 1,
    });
    expect((await find()).map((r) => r.state)).toEqual(['submitted']);
    await call('rita', 'POST', `/services/${service.id}/resource-packages/${row.id}/transitions`, {
      action: 'approve',
      version: 2,
    });
    expect((await find()).map((r) => r.state)).toEqual(['approved']);
  });
});
