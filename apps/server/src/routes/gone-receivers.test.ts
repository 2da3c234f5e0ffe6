import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contacts, services, users } from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { addPerson } from '../test/list-fixtures.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

/**
 * Nobody gives a gone person anything (docs/adr/0127-gone-people-are-given-nothing.md): every route
 * that names a person to receive a role or a responsibility answers 400 in the caller's language,
 * and the people pickers' search leaves them out.
 */
const env = useServiceWorld();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const call = (user: string, method: Method, url: string, payload?: object, language = 'en') =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(env.world.people[user]!.token), 'accept-language': language },
  });

const GONE_EN =
  'This person is marked as gone: they have left their institution and cannot be given a role or a responsibility.';
const GONE_DE =
  'Diese Person ist als ausgeschieden markiert: Sie hat ihre Einrichtung verlassen und kann keine Rolle und keine Aufgabe übernehmen.';

const markGone = (id: string) =>
  env.test.database.db
    .update(users)
    .set({ goneAt: new Date(), goneSource: 'manager', goneReason: 'left' })
    .where(eq(users.id, id));

const world = {} as { gerda: string; service: typeof services.$inferSelect };

const versionOf = async (id: string) =>
  (await env.test.database.db.select({ version: services.version }).from(services).where(eq(services.id, id)))[0]!
    .version;

/**
 * The answer is the refusal of a gone person in the caller's language: on the named field (a form
 * keeps its own heading, as for every field it refuses), or as the message where there is none.
 */
const expectRefused = (response: { statusCode: number; body: string }, field: string | null, message = GONE_EN) => {
  expect(response.statusCode, response.body).toBe(400);
  const body = JSON.parse(response.body) as { message: string; fields?: Record<string, string> };
  if (field) expect(body.fields?.[field]).toBe(message);
  else expect(body.message).toBe(message);
};

beforeAll(async () => {
  const { db } = env.test.database;
  const { people, institutions } = env.world;
  world.gerda = (await addPerson(db, 'gleaver', 'Gerda Leaver', ['serviceProvider'])).id;
  await markGone(world.gerda);
  world.service = await createServiceInState(db, {
    name: 'Gone Receivers Archive',
    state: 'service_online',
    objectOwnerId: people.alice!.id,
    providerInstitutionId: institutions.HPCN,
  });
});

describe('the people pickers leave the gone out', () => {
  it('finds a gone person neither in the user search nor in the VO deputy search, only when a filter asks', async () => {
    const names = (response: { json: () => unknown }) =>
      (response.json() as { items: { fullname: string }[] }).items.map((u) => u.fullname);
    expect(names(await call('paula', 'GET', '/users?q=Leaver'))).toEqual([]);
    expect(names(await call('victor', 'GET', '/vos/user-options?q=Leaver'))).toEqual([]);
    expect(names(await call('admin', 'GET', '/users?q=Leaver&gone=include'))).toEqual(['Gerda Leaver']);
    // Someone not gone is still found.
    expect(names(await call('paula', 'GET', '/users?q=gleav'))).toEqual([]);
    expect((await call('paula', 'GET', '/users?q=alice')).json().items).toContainEqual(
      expect.objectContaining({ id: env.world.people.alice!.id }),
    );
    expect((await call('paula', 'GET', '/users?q=Leaver&gone=all')).statusCode).toBe(400);
  });
});

describe('a gone person is given nothing (400, in the caller language)', () => {
  it('refuses them as service owner, service manager, provider manager and object owner', async () => {
    const { id } = world.service;
    for (const key of ['serviceOwnerId', 'serviceManagerId', 'providerManagerId', 'objectOwnerId']) {
      const response = await call('paula', 'PUT', `/services/${id}/roles`, {
        version: await versionOf(id),
        [key]: world.gerda,
      });
      expectRefused(response, key);
    }
    const german = await call(
      'paula',
      'PUT',
      `/services/${id}/roles`,
      { version: await versionOf(id), serviceOwnerId: world.gerda },
      'de',
    );
    expectRefused(german, 'serviceOwnerId', GONE_DE);
    // Someone not gone still takes the role.
    const bob = await call('paula', 'PUT', `/services/${id}/roles`, {
      version: await versionOf(id),
      serviceManagerId: env.world.people.bob!.id,
    });
    expect(bob.statusCode, bob.body).toBe(200);
  });

  it('refuses them as a further administrator of a service', async () => {
    const { id } = world.service;
    expectRefused(
      await call('paula', 'POST', `/services/${id}/admins`, { version: await versionOf(id), userId: world.gerda }),
      'userId',
    );
  });

  it('refuses a role change request for them, and accepting one for someone who has gone since', async () => {
    const { db } = env.test.database;
    const service = await createServiceInState(db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      serviceOwnerId: env.world.people.alice!.id,
    });
    expectRefused(
      await call('alice', 'POST', `/services/${service.id}/role-changes`, {
        role: 'serviceOwner',
        userId: world.gerda,
      }),
      'userId',
    );
    const leaving = await addPerson(db, 'gleaving', 'Gustav Leaving', []);
    const requested = await call('alice', 'POST', `/services/${service.id}/role-changes`, {
      role: 'serviceManager',
      userId: leaving.id,
    });
    expect(requested.statusCode, requested.body).toBe(200);
    const changes = (requested.json() as { roleChanges: { id: string }[] }).roleChanges;
    await markGone(leaving.id);
    const decided = await call('paula', 'POST', `/services/${service.id}/role-changes/${changes[0]!.id}/decision`, {
      accept: true,
    });
    expectRefused(decided, 'userId');
    const [row] = await db.select().from(services).where(eq(services.id, service.id));
    expect(row!.serviceManagerId).toBeNull();
  });

  it('refuses them as the technical contact of a service and of a change request, but keeps one already there', async () => {
    const { db } = env.test.database;
    const { id } = world.service;
    expectRefused(
      await call('paula', 'PATCH', `/services/${id}`, {
        version: await versionOf(id),
        fields: { technicalContact: world.gerda },
      }),
      'technicalContact',
    );
    expectRefused(
      await call('alice', 'POST', `/services/${id}/change-requests`, { fields: { technicalContact: world.gerda } }),
      'technicalContact',
    );
    // A service whose contact has gone since still saves its other fields.
    const kept = await createServiceInState(db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
    });
    const fields = { ...kept.fields, technicalContact: world.gerda };
    await db.update(services).set({ fields }).where(eq(services.id, kept.id));
    const saved = await call('paula', 'PATCH', `/services/${kept.id}`, {
      version: kept.version,
      fields: { technicalContact: world.gerda, website: 'https://archive.example.org' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses them as deputy of a VO application', async () => {
    const created = await call('victor', 'POST', '/vos', { name: 'gone-deputy-vo', deputyId: world.gerda });
    expectRefused(created, 'deputyId');
    const draft = await call('victor', 'POST', '/vos', { name: 'gone-deputy-vo' });
    expect(draft.statusCode, draft.body).toBe(201);
    const { id, version } = draft.json() as { id: string; version: number };
    expectRefused(await call('victor', 'PATCH', `/vos/${id}`, { version, deputyId: world.gerda }), 'deputyId');
  });

  it('refuses to give them roles in User Accounts, and still takes their roles away', async () => {
    const given = await call('admin', 'PUT', `/user-accounts/${world.gerda}/roles`, {
      expected: ['serviceProvider'],
      roles: ['serviceProvider', 'servicePortfolioManager'],
    });
    expectRefused(given, 'roles');
    const taken = await call('admin', 'PUT', `/user-accounts/${world.gerda}/roles`, {
      expected: ['serviceProvider'],
      roles: [],
    });
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it("refuses a new relation of the gone person's contact in the contact database", async () => {
    const { db } = env.test.database;
    const [contact] = await db
      .insert(contacts)
      .values({ firstname: 'Gerda', lastname: 'Leaver', email: 'GLEAVER@example.org' })
      .returning();
    expectRefused(
      await call('carla', 'POST', `/contacts/${contact!.id}/relations`, {
        kind: 'service',
        targetId: world.service.id,
        role: 'technicalContact',
      }),
      null,
    );
  });
});
