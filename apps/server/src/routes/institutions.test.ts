import { and, eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, contactRelations, contacts, institutions, users } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';
import { createServiceInState, seedInstitutions, type TestInstitutions } from '../test/services-fixtures.js';

const body = (over: Record<string, unknown> = {}) => ({
  abbreviation: 'HLRN',
  name: 'High Performance Computing North',
  description: 'Runs the northern supercomputers',
  url: 'https://www.hlrn.example.org',
  isCentre: true,
  isServiceProvider: false,
  ...over,
});

interface InstitutionAnswer {
  id: string;
  abbreviation: string;
  name: string;
  description: string;
  url: string;
  isCentre: boolean;
  isServiceProvider: boolean;
  version: number;
}

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('institutions', () => {
  const env = useTestApp();
  let seeded: TestInstitutions;
  const headersOf = (user: string | null, language = 'en') => ({
    ...env.as(user),
    'accept-language': language,
  });

  const list = (user: string | null) =>
    env.test.app.inject({ method: 'GET', url: '/api/institutions', headers: headersOf(user) });
  const create = (user: string | null, payload: object, language = 'en') =>
    env.test.app.inject({ method: 'POST', url: '/api/institutions', payload, headers: headersOf(user, language) });
  const update = (user: string | null, id: string, payload: object, language = 'en') =>
    env.test.app.inject({
      method: 'PATCH',
      url: `/api/institutions/${id}`,
      payload,
      headers: headersOf(user, language),
    });
  const remove = (user: string | null, id: string, version: number | string, language = 'en') =>
    env.test.app.inject({
      method: 'DELETE',
      url: `/api/institutions/${id}?version=${version}`,
      headers: headersOf(user, language),
    });
  const eventsOf = (id: string) =>
    env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'institution'), eq(auditEvents.objectId, id)));

  beforeAll(async () => {
    seeded = await seedInstitutions(env.test.database.db);
  });

  it('asks for a login, and lets only the contact managers, the service desk and the portal manager write', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await create(null, body())).statusCode).toBe(401);
    expect((await update(null, MISSING, {})).statusCode).toBe(401);
    expect((await remove(null, MISSING, 1)).statusCode).toBe(401);
    for (const user of ['alice', 'nora', 'paula', 'rita']) {
      expect((await create(user, body())).statusCode, user).toBe(403);
      expect((await update(user, seeded.HPCN, { ...body(), version: 1 })).statusCode, user).toBe(403);
      expect((await remove(user, seeded.HPCN, 1)).statusCode, user).toBe(403);
    }
    const rows = await env.test.database.db.select().from(institutions).where(eq(institutions.abbreviation, 'HLRN'));
    expect(rows).toEqual([]);
  });

  it('creates, changes and deletes an institution with typed audit events, for carla, desk and admin', async () => {
    for (const [index, user] of ['carla', 'desk', 'admin'].entries()) {
      const abbreviation = `NEW${index}`;
      const created = await create(user, body({ abbreviation }));
      expect(created.statusCode, user).toBe(201);
      const answer = created.json<InstitutionAnswer>();
      expect(answer).toEqual({ ...body({ abbreviation }), id: answer.id, hasLogo: false, version: 1 });
      expect((await list('nora')).json<{ items: InstitutionAnswer[] }>().items.find((i) => i.id === answer.id)).toEqual(
        answer,
      );

      const changed = await update(user, answer.id, {
        ...body({ abbreviation }),
        name: 'Renamed centre',
        isServiceProvider: true,
        version: 1,
      });
      expect(changed.statusCode, user).toBe(200);
      expect(changed.json()).toMatchObject({ name: 'Renamed centre', isServiceProvider: true, version: 2 });

      // Nothing changed: nothing written, the version stays.
      const same = await update(user, answer.id, {
        ...body({ abbreviation }),
        name: 'Renamed centre',
        isServiceProvider: true,
        version: 2,
      });
      expect(same.json()).toMatchObject({ version: 2 });

      expect((await remove(user, answer.id, 2)).statusCode, user).toBe(204);
      expect(await env.test.database.db.select().from(institutions).where(eq(institutions.id, answer.id))).toEqual([]);

      const events = await eventsOf(answer.id);
      expect(events.map((e) => e.action)).toEqual([
        'institution.created',
        'institution.updated',
        'institution.deleted',
      ]);
      expect(events[0]).toMatchObject({ actorName: user, after: body({ abbreviation }) });
      expect(events[1]).toMatchObject({
        before: { name: 'High Performance Computing North', isServiceProvider: false },
        after: { name: 'Renamed centre', isServiceProvider: true },
      });
      expect(events[2]!.before).toMatchObject({ abbreviation, name: 'Renamed centre' });
    }
  });

  it('answers 400 with each field’s message, in the caller’s language', async () => {
    const empty = await create('carla', body({ abbreviation: '  ', name: '', url: 'not a url' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      error: 'invalid_input',
      fields: {
        abbreviation: 'Please enter an abbreviation',
        name: 'Please enter a name',
        url: 'Please enter a valid url, e.g.: https://www.example.org',
      },
    });
    const german = await create('carla', body({ abbreviation: '', url: 'ftp://files.example.org' }), 'de');
    expect(german.json().fields).toEqual({
      abbreviation: 'Bitte geben Sie ein Kürzel ein',
      url: expect.stringContaining('https://www.example.org'),
    });
    expect(german.json().fields.url).not.toContain('Please');

    // Unique regardless of case, on create and on change.
    const taken = await create('carla', body({ abbreviation: 'hpcn' }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ abbreviation: 'An institution with this abbreviation exists already' });
    const renamedOnto = await update('carla', seeded.DCS, { ...body({ abbreviation: 'Hpcn' }), version: 1 });
    expect(renamedOnto.statusCode).toBe(400);
    expect(renamedOnto.json().fields).toEqual({ abbreviation: 'An institution with this abbreviation exists already' });

    const unknownField = await create('carla', { ...body({ abbreviation: 'X1' }), domain: 'x.example' });
    expect(unknownField.statusCode).toBe(400);
    const badVersion = await remove('carla', seeded.DCS, 'abc');
    expect(badVersion.statusCode).toBe(400);
    // An empty URL is fine: not every institution has a website.
    const noUrl = await create('carla', body({ abbreviation: 'NOURL', url: '' }));
    expect(noUrl.statusCode).toBe(201);
  });

  it('answers 404 for an institution that does not exist', async () => {
    expect((await update('carla', MISSING, { ...body(), version: 1 })).statusCode).toBe(404);
    expect((await remove('carla', MISSING, 1)).statusCode).toBe(404);
  });

  it('answers 409 for a stale version', async () => {
    const created = (await create('desk', body({ abbreviation: 'STALE' }))).json<InstitutionAnswer>();
    expect(
      (await update('desk', created.id, { ...body({ abbreviation: 'STALE' }), name: 'One', version: 1 })).statusCode,
    ).toBe(200);
    const stale = await update('carla', created.id, { ...body({ abbreviation: 'STALE' }), name: 'Two', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe('conflict');
    expect((await remove('carla', created.id, 1)).statusCode).toBe(409);
    expect((await remove('carla', created.id, 2)).statusCode).toBe(204);
  });

  it('refuses to delete an institution that services or users name, saying which', async () => {
    const owner = env.person('alice');
    const provider = (await create('carla', body({ abbreviation: 'PROV' }))).json<InstitutionAnswer>();
    await createServiceInState(env.test.database.db, { objectOwnerId: owner.id, providerInstitutionId: provider.id });
    const byService = await remove('carla', provider.id, 1);
    expect(byService.statusCode).toBe(409);
    expect(byService.json().message).toBe(
      'This institution cannot be deleted: services name it as their provider or operating institution. Change those services first.',
    );

    const operator = (await create('carla', body({ abbreviation: 'OPER' }))).json<InstitutionAnswer>();
    await createServiceInState(env.test.database.db, {
      objectOwnerId: owner.id,
      providerInstitutionId: seeded.HPCN,
      fields: { operatingInstitution: operator.id },
    });
    expect((await remove('carla', operator.id, 1)).json().message).toContain('operating institution');

    const home = (await create('carla', body({ abbreviation: 'HOME' }))).json<InstitutionAnswer>();
    await env.test.database.db.update(users).set({ institutionId: home.id }).where(eq(users.id, owner.id));
    const byUser = await remove('carla', home.id, 1, 'de');
    expect(byUser.statusCode).toBe(409);
    expect(byUser.json().message).toBe(
      'Diese Einrichtung kann nicht gelöscht werden: Benutzerkonten gehören zu ihr. Ordnen Sie diese Benutzer zuerst einer anderen Einrichtung zu.',
    );
    await createServiceInState(env.test.database.db, { objectOwnerId: owner.id, providerInstitutionId: home.id });
    expect((await remove('carla', home.id, 1)).json().message).toContain('user accounts belong to it');

    // Still there, with no delete event.
    for (const id of [provider.id, operator.id, home.id]) {
      expect(await env.test.database.db.select().from(institutions).where(eq(institutions.id, id))).toHaveLength(1);
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['institution.created']);
    }
  });

  it('refuses to delete an institution that contacts belong to or are related to, saying so', async () => {
    const { db } = env.test.database;
    const employer = (await create('carla', body({ abbreviation: 'EMPL' }))).json<InstitutionAnswer>();
    const [member] = await db
      .insert(contacts)
      .values({ firstname: 'Jürgen', lastname: 'Müller', institutionId: employer.id })
      .returning();
    const byContact = await remove('carla', employer.id, 1);
    expect(byContact.statusCode).toBe(409);
    expect(byContact.json().message).toBe(
      'This institution cannot be deleted: contacts belong to it. Assign those contacts to another institution first.',
    );

    const board = (await create('carla', body({ abbreviation: 'BOARD' }))).json<InstitutionAnswer>();
    await db.insert(contactRelations).values({ contactId: member!.id, institutionId: board.id, role: 'director' });
    expect((await remove('carla', board.id, 1, 'de')).json().message).toContain('Kontakte gehören zu ihr');
    await db.update(users).set({ institutionId: board.id }).where(eq(users.username, 'nora'));
    expect((await remove('carla', board.id, 1)).json().message).toBe(
      'This institution cannot be deleted: user accounts and contacts belong to it. Change those first.',
    );

    for (const id of [employer.id, board.id]) {
      expect(await env.test.database.db.select().from(institutions).where(eq(institutions.id, id))).toHaveLength(1);
      expect((await eventsOf(id)).map((e) => e.action)).toEqual(['institution.created']);
    }
  });
});
