import type { Handover } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  changeRequests,
  contactRelations,
  contacts,
  mailOutbox,
  resourcePackages,
  resourceTypes,
  serviceAdmins,
  services,
  users,
  vos,
} from '../db/schema.js';
import { addPerson } from '../test/list-fixtures.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const MISSING = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST';
const call = (user: string | null, method: Method, url: string, payload?: object, language = 'en') =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { ...env.as(user), 'accept-language': language },
  });

/** Henrik holds a bit of everything; alice and bob are there to receive it. */
const world = {} as {
  henrik: string;
  owned: string;
  managed: string;
  request: string;
  pkg: string;
  vo: string;
  relation: string;
  aliceContact: string;
};

beforeAll(async () => {
  const { db } = env.test.database;
  const { people, institutions } = env.world;
  const henrik = await addPerson(db, 'hnordmann', 'Henrik Nordmann', []);
  await db
    .update(users)
    .set({ goneAt: new Date(), goneSource: 'manager', goneReason: 'left' })
    .where(eq(users.id, henrik.id));
  const owned = await createServiceInState(db, {
    name: 'Archive North',
    state: 'service_online',
    objectOwnerId: people.alice!.id,
    serviceOwnerId: henrik.id,
    providerInstitutionId: institutions.HPCN,
  });
  const managed = await createServiceInState(db, {
    name: 'Batch North',
    state: 'service_online',
    objectOwnerId: people.bob!.id,
    serviceManagerId: henrik.id,
    providerInstitutionId: institutions.HPCN,
  });
  await db.insert(serviceAdmins).values({ serviceId: managed.id, userId: henrik.id });
  const [request] = await db
    .insert(changeRequests)
    .values({ serviceId: managed.id, authorId: henrik.id, state: 'draft' })
    .returning();
  const [type] = await db
    .insert(resourceTypes)
    .values({
      key: 'handover-compute',
      name: { en: 'Compute', de: 'Rechnen' },
      description: { en: 'Compute', de: 'Rechnen' },
      quotaUnit: { en: 'vCPUs', de: 'vCPUs' },
      schema: { type: 'object' },
    })
    .returning();
  const [pkg] = await db
    .insert(resourcePackages)
    .values({
      serviceId: managed.id,
      typeId: type!.id,
      name: 'Small',
      quota: 4,
      policyNames: ['small'],
      policy: {},
      createdById: henrik.id,
    })
    .returning();
  const [vo] = await db.insert(vos).values({ name: 'climate-north', applicantId: henrik.id }).returning();
  const [henriksContact] = await db
    .insert(contacts)
    .values({ firstname: 'Henrik', lastname: 'Nordmann', email: 'HNordmann@example.org' })
    .returning();
  const [aliceContact] = await db
    .insert(contacts)
    .values({ firstname: 'Alice', lastname: 'Adler', email: 'alice@hpc-north.example' })
    .returning();
  const [relation] = await db
    .insert(contactRelations)
    .values({ contactId: henriksContact!.id, serviceId: owned.id, role: 'owner' })
    .returning();
  Object.assign(world, {
    henrik: henrik.id,
    owned: owned.id,
    managed: managed.id,
    request: request!.id,
    pkg: pkg!.id,
    vo: vo!.id,
    relation: relation!.id,
    aliceContact: aliceContact!.id,
  });
});

const everything = () => [
  `serviceOwner:${world.owned}`,
  `serviceManager:${world.managed}`,
  `serviceAdmin:${world.managed}`,
  `changeRequest:${world.request}`,
  `resourcePackage:${world.pkg}`,
  `voApplicant:${world.vo}`,
  `contactRelation:${world.relation}`,
];

describe('the handover of a gone person', () => {
  it('401 without a session, 403 for anyone but the portfolio manager (and the portal manager), on every route', async () => {
    for (const [method, url, body] of [
      ['GET', '/handover'],
      ['GET', `/handover/${world.henrik}`],
      ['POST', `/handover/${world.henrik}`, { items: everything(), receivers: {} }],
    ] as const) {
      expect((await call(null, method, url, body)).statusCode).toBe(401);
      for (const user of ['alice', 'carla', 'ivan']) expect((await call(user, method, url, body)).statusCode).toBe(403);
      expect((await call('admin', method, url, body)).statusCode).not.toBe(403);
    }
  });

  it('lists the gone people with the services they still own, and everything a person holds', async () => {
    const people = await call('paula', 'GET', '/handover');
    expect(people.statusCode).toBe(200);
    expect(people.json().items).toContainEqual(
      expect.objectContaining({ id: world.henrik, fullname: 'Henrik Nordmann', ownedServices: 1 }),
    );
    const held = await call('paula', 'GET', `/handover/${world.henrik}`);
    expect(held.statusCode).toBe(200);
    const body = held.json<Handover>();
    expect(body.user).toMatchObject({ id: world.henrik, fullname: 'Henrik Nordmann', goneAt: expect.any(String) });
    expect(body.items.map((i) => i.key).sort()).toEqual(everything().sort());
    expect(body.items.find((i) => i.kind === 'serviceOwner')).toMatchObject({
      group: 'services',
      name: 'Archive North',
      serviceId: expect.stringMatching(/^SVC-/),
      link: `/sc/service/${world.owned}`,
    });
    expect((await call('paula', 'GET', `/handover/${MISSING}`)).statusCode).toBe(404);
    expect((await call('paula', 'GET', '/handover/not-a-uuid')).statusCode).toBe(400);
  });

  it('400 without items, without a receiver for a kind, for a receiver who is gone, unknown or the person; in the caller’s language', async () => {
    const url = `/handover/${world.henrik}`;
    expect((await call('paula', 'POST', url, { items: [], receivers: {} })).statusCode).toBe(400);
    expect((await call('paula', 'POST', url, { items: ['nonsense'], receivers: {} })).statusCode).toBe(400);
    const missing = await call('paula', 'POST', url, { items: everything(), receivers: {} }, 'de');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields['receivers.services']).toBe('Bitte wählen Sie, wer diese Einträge erhält');
    const alice = env.world.people.alice!.id;
    const all = (services: string) => ({
      items: everything(),
      receivers: { services, changeRequests: alice, resourcePackages: alice, vos: alice, contacts: alice },
    });
    const gone = await call('paula', 'POST', url, all(world.henrik));
    expect(gone.statusCode).toBe(400);
    expect(gone.json().fields['receivers.services']).toBe('The person who is gone cannot receive their own items.');
    expect((await call('paula', 'POST', url, all(MISSING))).statusCode).toBe(400);
    // Bob is not on the provider side of Batch North's request unless he takes the services too.
    const notProvider = await call('paula', 'POST', url, {
      items: [`changeRequest:${world.request}`],
      receivers: { changeRequests: env.world.people.carla!.id },
    });
    expect(notProvider.statusCode).toBe(400);
    expect(notProvider.json().message).toMatch(/not on the provider side/);
    // A receiver without a contact cannot take contact relations.
    const noContact = await call('paula', 'POST', url, {
      items: [`contactRelation:${world.relation}`],
      receivers: { contacts: env.world.people.bob!.id },
    });
    expect(noContact.statusCode).toBe(400);
    expect((await call('paula', 'POST', `/handover/${MISSING}`, all(alice))).statusCode).toBe(404);
    // Nothing moved.
    const [owned] = await env.test.database.db.select().from(services).where(eq(services.id, world.owned));
    expect(owned!.serviceOwnerId).toBe(world.henrik);
  });

  it('hands everything to alice in one transaction, with an event per object and one mail to her; then 409, nothing held', async () => {
    const { db } = env.test.database;
    const alice = env.world.people.alice!.id;
    const [before] = await db.select().from(services).where(eq(services.id, world.managed));
    const done = await call('paula', 'POST', `/handover/${world.henrik}`, {
      items: everything(),
      receivers: { services: alice, changeRequests: alice, resourcePackages: alice, vos: alice, contacts: alice },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ handedOver: 7 });

    const [owned] = await db.select().from(services).where(eq(services.id, world.owned));
    const [managed] = await db.select().from(services).where(eq(services.id, world.managed));
    expect(owned!.serviceOwnerId).toBe(alice);
    expect(managed).toMatchObject({ serviceManagerId: alice, version: before!.version + 1 });
    expect(
      (await db.select().from(serviceAdmins).where(eq(serviceAdmins.serviceId, world.managed))).map((a) => a.userId),
    ).toEqual([alice]);
    expect((await db.select().from(changeRequests).where(eq(changeRequests.id, world.request)))[0]!.authorId).toBe(
      alice,
    );
    expect((await db.select().from(resourcePackages).where(eq(resourcePackages.id, world.pkg)))[0]!.createdById).toBe(
      alice,
    );
    expect((await db.select().from(vos).where(eq(vos.id, world.vo)))[0]!.applicantId).toBe(alice);
    expect(
      (await db.select().from(contactRelations).where(eq(contactRelations.id, world.relation)))[0]!.contactId,
    ).toBe(world.aliceContact);

    const actions = async (objectId: string) =>
      (await db.select().from(auditEvents).where(eq(auditEvents.objectId, objectId))).map((e) => e.action);
    expect(await actions(world.owned)).toContain('service.roles.updated');
    expect(await actions(world.managed)).toEqual(
      expect.arrayContaining(['service.roles.updated', 'service.admins.updated']),
    );
    expect(await actions(world.request)).toContain('changeRequest.updated');
    expect(await actions(world.pkg)).toContain('resourcePackage.updated');
    expect(await actions(world.vo)).toContain('vo.updated');
    expect(await actions(world.aliceContact)).toContain('contact.relation.added');
    expect(await actions(world.henrik)).toContain('user.handedOver');

    const mails = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'handedOver'), eq(mailOutbox.recipientId, alice)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Henrik Nordmann');
    expect(mails[0]!.body).toContain('Service owner: Archive North');

    const again = await call('paula', 'POST', `/handover/${world.henrik}`, {
      items: [`serviceOwner:${world.owned}`],
      receivers: { services: alice },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Some items are no longer held by this person. Reload the list and try again.');
    expect((await call('paula', 'GET', `/handover/${world.henrik}`)).json<Handover>().items).toEqual([]);
  });
});
