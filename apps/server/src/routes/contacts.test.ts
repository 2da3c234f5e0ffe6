import { and, eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, contacts } from '../db/schema.js';
import { contactBody } from '../test/contact-fixtures.js';
import { useTestApp } from '../test/harness.js';
import { createServiceInState, seedInstitutions, type TestInstitutions } from '../test/services-fixtures.js';

const MISSING = '00000000-0000-4000-8000-000000000000';

const ADDRESS = { street: 'Hauptstraße 1', postalCode: '37073', city: 'Göttingen', country: 'Germany', primary: true };

const body = (over: Record<string, unknown> = {}) =>
  contactBody({ notes: 'Runs the storage cluster', addresses: [ADDRESS], ...over });

interface ContactAnswer {
  id: string;
  firstname: string;
  lastname: string;
  email: string;
  version: number;
  city: string;
  institution: { abbreviation: string } | null;
  addresses: { city: string; primary: boolean }[];
  properties: { kind: string; value: string }[];
  relations: { id: string; kind: string; role: string; service: { serviceId: string } | null }[];
  userAccount: { username: string } | null;
}

describe('contacts', () => {
  const env = useTestApp();
  let seeded: TestInstitutions;
  let serviceId: string;
  let serviceKey: string;
  const headersOf = (user: string | null, language = 'en') => ({
    ...env.as(user),
    'accept-language': language,
  });
  const call = (
    user: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    language = 'en',
  ) =>
    env.test.app.inject({
      method,
      url: `/api${url}`,
      headers: headersOf(user, language),
      ...(payload ? { payload } : {}),
    });
  const create = async (user: string, over: Record<string, unknown> = {}) => {
    const response = await call(user, 'POST', '/contacts', body(over));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<ContactAnswer>();
  };
  const update = (user: string, contact: ContactAnswer, over: Record<string, unknown>) =>
    call(user, 'PATCH', `/contacts/${contact.id}`, {
      ...body(),
      version: contact.version,
      properties: [],
      ...over,
    });
  const eventsOf = (id: string) =>
    env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'contact'), eq(auditEvents.objectId, id)))
      .orderBy(auditEvents.at);

  beforeAll(async () => {
    seeded = await seedInstitutions(env.test.database.db);
    const alice = env.person('alice');
    const service = await createServiceInState(env.test.database.db, {
      objectOwnerId: alice.id,
      providerInstitutionId: seeded.HPCN,
    });
    serviceId = service.id;
    serviceKey = service.serviceId;
  });

  it('asks for a login and lets only contact managers, the service desk and the portal manager in', async () => {
    const routes: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', '/contacts'],
      ['GET', '/contacts/export.csv'],
      ['GET', '/contacts/export.json'],
      ['GET', `/contacts/${MISSING}`],
      ['POST', '/contacts', body()],
      ['PATCH', `/contacts/${MISSING}`, { ...body(), version: 1, properties: [] }],
      ['DELETE', `/contacts/${MISSING}?version=1`],
      ['POST', `/contacts/${MISSING}/relations`, { kind: 'service', targetId: MISSING, role: 'owner' }],
      ['DELETE', `/contacts/${MISSING}/relations/${MISSING}`],
      ['GET', `/contacts/${MISSING}/data`],
      ['POST', `/contacts/${MISSING}/erase?version=1`],
      ['GET', `/services/${MISSING}/contacts`],
      ['GET', '/contacts/service-targets?q=a'],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
      for (const user of ['alice', 'nora', 'paula'])
        expect((await call(user, method, url, payload)).statusCode, `${user} ${method} ${url}`).toBe(403);
    }
    expect(await env.test.database.db.select().from(contacts)).toEqual([]);
    for (const user of ['carla', 'desk', 'admin']) expect((await call(user, 'GET', '/contacts')).statusCode).toBe(200);
  });

  it('creates a contact with typed audit events and refuses properties before the first save', async () => {
    const refused = await call('carla', 'POST', '/contacts', {
      ...body(),
      properties: [{ kind: 'platform', value: 'HPC' }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.properties).toBe('Properties can be added only after the contact has been saved once');

    const created = await create('carla', { institutionId: seeded.HPCN });
    expect(created).toMatchObject({
      firstname: 'Jürgen',
      city: 'Göttingen',
      institution: { abbreviation: 'HPCN' },
      properties: [],
      relations: [],
      version: 1,
    });
    const [event] = await eventsOf(created.id);
    expect(event).toMatchObject({ action: 'contact.created', actorName: 'carla' });
    expect(event!.after).toMatchObject({ lastname: 'Müller' });

    const read = await call('desk', 'GET', `/contacts/${created.id}`);
    expect(read.json<ContactAnswer>().addresses).toEqual([
      expect.objectContaining({ city: 'Göttingen', primary: true }),
    ]);
  });

  it('answers 400 with the messages word for word, in the caller’s language', async () => {
    const noName = await call('carla', 'POST', '/contacts', body({ lastname: '' }));
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.lastname).toBe('Please fill out Firstname and Lastname');
    const badMail = await call('carla', 'POST', '/contacts', body({ email: 'nope' }), 'de');
    expect(badMail.json().fields.email).toBeTruthy();
    expect((await call('carla', 'POST', '/contacts', body({ email: 'nope' }))).json().fields.email).toBe(
      'Please enter a valid email address',
    );
    const twoPrimary = await call('carla', 'POST', '/contacts', body({ addresses: [ADDRESS, ADDRESS] }));
    expect(twoPrimary.statusCode).toBe(400);
    const unknownInstitution = await call('carla', 'POST', '/contacts', body({ institutionId: MISSING }));
    expect(unknownInstitution.statusCode).toBe(400);
    expect(unknownInstitution.json().fields.institutionId).toBe('This institution does not exist');
    expect((await call('carla', 'GET', '/contacts?propertyKind=colour')).statusCode).toBe(400);
    expect((await call('carla', 'GET', '/contacts/not-a-uuid')).statusCode).toBe(400);
  });

  it('updates values, addresses and properties with a version check, and writes nothing when nothing changed', async () => {
    const contact = await create('carla', { lastname: 'Schäfer' });
    const second = { street: 'Am Hafen 2', postalCode: '24103', city: 'Kiel', country: 'Germany', primary: true };
    const changed = await update('carla', contact, {
      lastname: 'Schäfer',
      addresses: [{ ...ADDRESS, primary: false }, second],
      properties: [
        { kind: 'platform', value: 'OpenStack' },
        { kind: 'platform', value: 'Kubernetes' },
        { kind: 'workingGroup', value: 'AG Speicher' },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const answer = changed.json<ContactAnswer>();
    expect(answer).toMatchObject({ version: 2, city: 'Kiel' });
    expect(answer.properties.map((p) => p.value)).toEqual(['OpenStack', 'Kubernetes', 'AG Speicher']);
    const stale = await update('carla', contact, { notes: 'stale' });
    expect(stale.statusCode).toBe(409);
    const same = await update('carla', answer, {
      lastname: 'Schäfer',
      addresses: [{ ...ADDRESS, primary: false }, second],
      properties: answer.properties.map(({ kind, value }) => ({ kind, value })),
    });
    expect(same.json<ContactAnswer>().version).toBe(2);
    expect((await eventsOf(contact.id)).map((e) => e.action)).toEqual(['contact.created', 'contact.updated']);
    expect((await update('carla', { ...contact, id: MISSING }, {})).statusCode).toBe(404);
  });

  it('searches, filters, sorts, pages and exports the view', async () => {
    await create('carla', { firstname: 'Anna', lastname: 'Özdemir', email: '', institutionId: seeded.DCS, notes: '' });
    await create('carla', {
      firstname: 'Karl',
      lastname: 'Groß',
      email: 'k.gross@example.org',
      notes: 'Sitzt im Beirat',
    });
    const names = async (query: string) =>
      (await call('carla', 'GET', `/contacts?${query}`)).json<{ items: ContactAnswer[]; total: number }>();
    expect((await names('q=m%C3%BCl')).items.map((c) => c.lastname)).toEqual(['Müller']);
    expect((await names('q=muller')).items.map((c) => c.lastname)).toEqual(['Müller']);
    expect((await names('q=%C3%B6zd')).items.map((c) => c.lastname)).toEqual(['Özdemir']);
    expect((await names('q=gross')).items.map((c) => c.lastname)).toEqual(['Groß']);
    expect((await names('q=beir')).items.map((c) => c.lastname)).toEqual(['Groß']);
    expect((await names('q=speich')).items.map((c) => c.lastname)).toEqual(['Schäfer']);
    expect((await names('q=Datacenter')).items.map((c) => c.lastname)).toEqual(['Özdemir']);
    expect((await names(`institution=${seeded.DCS}`)).items.map((c) => c.lastname)).toEqual(['Özdemir']);
    expect((await names('propertyKind=workingGroup')).items.map((c) => c.lastname)).toEqual(['Schäfer']);
    const sorted = await names('sort=lastname&order=desc&pageSize=2&page=1');
    expect(sorted.total).toBe(4);
    expect(sorted.items.map((c) => c.lastname)).toEqual(['Schäfer', 'Özdemir']);
    expect((await names('sort=lastname&order=asc&pageSize=2&page=2')).items.map((c) => c.lastname)).toEqual([
      'Özdemir',
      'Schäfer',
    ]);

    const csv = await call('desk', 'GET', '/contacts/export.csv?q=m%C3%BCl', undefined, 'de');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Nachname,Vorname,E-Mail');
    expect(csv.body).toContain('Müller');
    expect(csv.body).not.toContain('Groß');
    const json = await call('desk', 'GET', '/contacts/export.json?sort=lastname');
    expect(json.json<{ items: ContactAnswer[] }>().items.map((c) => c.lastname)).toEqual([
      'Groß',
      'Müller',
      'Özdemir',
      'Schäfer',
    ]);
  });

  it('relates a contact to a service and an institution, refuses its deletion naming them, and deletes it once free', async () => {
    const contact = await create('carla', { lastname: 'Weiß', email: '' });
    const add = (payload: object) => call('carla', 'POST', `/contacts/${contact.id}/relations`, payload);
    expect((await add({ kind: 'service', targetId: MISSING, role: 'owner' })).statusCode).toBe(400);
    expect((await add({ kind: 'institution', targetId: seeded.KLC, role: 'owner' })).statusCode).toBe(400);
    const related = await add({ kind: 'service', targetId: serviceId, role: 'technicalContact' });
    expect(related.statusCode, related.body).toBe(201);
    expect((await add({ kind: 'service', targetId: serviceId, role: 'technicalContact' })).statusCode).toBe(409);
    const both = (await add({ kind: 'institution', targetId: seeded.KLC, role: 'director' })).json<ContactAnswer>();
    expect(both.relations.map((r) => [r.kind, r.role])).toEqual([
      ['service', 'technicalContact'],
      ['institution', 'director'],
    ]);

    const targets = await call('carla', 'GET', `/contacts/service-targets?q=${serviceKey}`);
    expect(targets.json().items).toEqual([expect.objectContaining({ id: serviceId, serviceId: serviceKey })]);
    const ofService = await call('desk', 'GET', `/services/${serviceId}/contacts`);
    expect(ofService.json().items).toEqual([
      expect.objectContaining({ role: 'technicalContact', contact: expect.objectContaining({ lastname: 'Weiß' }) }),
    ]);
    expect((await call('desk', 'GET', `/services/${MISSING}/contacts`)).statusCode).toBe(404);

    const refused = await call('carla', 'DELETE', `/contacts/${contact.id}?version=${both.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This contact cannot be deleted: it has relations. Remove them first.');
    expect(refused.json().fields.relations).toContain(`${serviceKey}`);
    expect(refused.json().fields.relations).toContain('KLC (director)');

    let current = both;
    for (const relation of both.relations) {
      const removed = await call('carla', 'DELETE', `/contacts/${contact.id}/relations/${relation.id}`);
      expect(removed.statusCode).toBe(200);
      current = removed.json<ContactAnswer>();
    }
    expect((await call('carla', 'DELETE', `/contacts/${contact.id}/relations/${MISSING}`)).statusCode).toBe(404);
    expect((await call('carla', 'DELETE', `/contacts/${contact.id}?version=1`)).statusCode).toBe(409);
    expect((await call('carla', 'DELETE', `/contacts/${contact.id}?version=${current.version}`)).statusCode).toBe(204);
    expect((await call('carla', 'GET', `/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await eventsOf(contact.id)).map((e) => e.action)).toEqual([
      'contact.created',
      'contact.relation.added',
      'contact.relation.added',
      'contact.relation.removed',
      'contact.relation.removed',
      'contact.deleted',
    ]);
  });

  it('links contacts and user accounts that share the e-mail address, regardless of case', async () => {
    const carla = env.person('carla');
    const contact = await create('carla', {
      firstname: 'Carla',
      lastname: 'Contact',
      email: 'CARLA@nubes-office.example',
    });
    expect(contact.userAccount).toMatchObject({ username: 'carla' });
    const account = await call('admin', 'GET', `/user-accounts/${carla.id}`);
    expect(account.json().contact).toEqual({ id: contact.id, firstname: 'Carla', lastname: 'Contact' });
    const nora = env.person('nora');
    expect((await call('admin', 'GET', `/user-accounts/${nora.id}`)).json().contact).toBeNull();
  });

  it('exports a person’s data and erases them, leaving no personal data in the history', async () => {
    const contact = await create('carla', { firstname: 'Erika', lastname: 'Mustermann', email: 'erika@example.org' });
    const changed = (
      await update('carla', contact, {
        firstname: 'Erika',
        lastname: 'Mustermann',
        email: 'erika@example.org',
        properties: [{ kind: 'role', value: 'Datenschutzbeauftragte' }],
      })
    ).json<ContactAnswer>();
    await call('carla', 'POST', `/contacts/${contact.id}/relations`, {
      kind: 'service',
      targetId: serviceId,
      role: 'securityContact',
    });

    const data = await call('carla', 'GET', `/contacts/${contact.id}/data`);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-disposition']).toContain('attachment');
    const copy = data.json();
    expect(copy.contact).toMatchObject({ lastname: 'Mustermann', properties: [{ value: 'Datenschutzbeauftragte' }] });
    expect(copy.contact.relations).toHaveLength(1);
    expect(copy.history.map((e: { action: string }) => e.action)).toEqual([
      'contact.created',
      'contact.updated',
      'contact.relation.added',
    ]);
    expect((await call('desk', 'GET', `/contacts/${contact.id}/data`)).statusCode).toBe(200);
    expect((await call('carla', 'GET', `/contacts/${MISSING}/data`)).statusCode).toBe(404);

    expect((await call('carla', 'POST', `/contacts/${contact.id}/erase?version=1`)).statusCode).toBe(409);
    const erased = await call('carla', 'POST', `/contacts/${contact.id}/erase?version=${changed.version + 1}`);
    expect(erased.statusCode, erased.body).toBe(204);
    expect((await call('carla', 'GET', `/contacts/${contact.id}`)).statusCode).toBe(404);
    expect((await call('carla', 'GET', `/services/${serviceId}/contacts`)).json().items).toEqual([]);
    const history = await eventsOf(contact.id);
    expect(history.map((e) => e.action)).toEqual([
      'contact.created',
      'contact.updated',
      'contact.relation.added',
      'contact.erased',
    ]);
    const stored = JSON.stringify(history);
    for (const personal of ['Erika', 'Mustermann', 'erika@example.org', 'Datenschutz'])
      expect(stored).not.toContain(personal);
    expect(history.at(-1)!.after).toEqual({ erased: true, addresses: 1, properties: 1, relations: 1 });
    expect((await call('carla', 'GET', '/contacts?q=erika')).json().total).toBe(0);
  });
});
