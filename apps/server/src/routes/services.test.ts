import type { HistoryPage, ServiceDetail } from '@nubes/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, keywords, services } from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { completeFieldValues, createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

const as = (username: string) => bearer(env.world.people[username]!.token);

const call = (username: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  env.test.app.inject({ method, url, payload: payload as object, headers: username ? as(username) : {} });

const eventsOf = (serviceId: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, 'service'), eq(auditEvents.objectId, serviceId)));

describe('POST /api/services', () => {
  it('creates an application draft owned by the caller, at the caller’s institution, with a service ID', async () => {
    const response = await call('alice', 'POST', '/api/services', {
      name: '  Object Storage North ',
      fields: { shortDescription: 'S3 storage', serviceCategory: 'storage' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<ServiceDetail>();
    expect(body).toMatchObject({
      name: 'Object Storage North',
      state: 'application_draft',
      version: 1,
      providerInstitution: { id: env.world.institutions.HPCN, abbreviation: 'HPCN' },
      fields: { shortDescription: 'S3 storage', serviceCategory: 'storage' },
      serviceType: 'infrastructure',
      roles: { objectOwner: { username: 'alice' }, serviceOwner: null, admins: [] },
    });
    expect(body.serviceId).toMatch(/^SVC-\d{5}$/);
    expect(body.permissions.edit).toBe(true);
    expect(body.actions).toEqual(expect.arrayContaining(['completeApplication', 'withdrawApplication']));
    const events = await eventsOf(body.id);
    expect(events.map((e) => e.action)).toEqual(['service.created']);
    expect(events[0]!.after).toMatchObject({ name: 'Object Storage North', state: 'application_draft' });
  });

  it('needs only the name ("Please add a title"), and refuses format errors and unknown ids with field messages', async () => {
    const noName = await call('alice', 'POST', '/api/services', { name: '  ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe('Please add a title');

    const bad = await call('alice', 'POST', '/api/services', {
      name: 'X',
      fields: { website: 'not a url', supportEmail: 'nope', serviceHost: 'https://host:8080', madeUp: 'x' },
      weighting: { initiatedBy: 'everyone' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please resolve errors before saving');
    expect(bad.json().fields).toEqual({
      website: 'Please enter a valid url, e.g.: https://www.example.org',
      supportEmail: 'Please enter a valid email address',
      serviceHost: expect.stringContaining('hostname'),
      madeUp: 'This field is not expected',
      'weighting.initiatedBy': 'Please choose one of the options',
    });

    const unknown = '00000000-0000-4000-8000-000000000000';
    const refs = await call('alice', 'POST', '/api/services', {
      name: 'X',
      providerInstitutionId: unknown,
      fields: { technicalContact: unknown },
      keywords: [unknown],
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().fields).toEqual({
      providerInstitutionId: 'This institution does not exist.',
      technicalContact: 'This user does not exist.',
      keywords: 'This keyword does not exist.',
    });
    expect(await env.test.database.db.select().from(services).where(eq(services.name, 'X'))).toHaveLength(0);
  });

  it('is for service providers and the service desk: 403 for others, 401 without a token', async () => {
    expect((await call('paula', 'POST', '/api/services', { name: 'P' })).statusCode).toBe(403);
    expect((await call('nora', 'POST', '/api/services', { name: 'N' })).statusCode).toBe(403);
    expect((await call(null, 'POST', '/api/services', { name: 'N' })).statusCode).toBe(401);
    expect((await call('desk', 'POST', '/api/services', { name: 'Desk service' })).statusCode).toBe(201);
  });
});

describe('GET /api/services/:id: visibility', () => {
  it('shows a draft only to its provider side and the portfolio managers; others get 404', async () => {
    const draft = await createServiceInState(env.test.database.db, {
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    for (const username of ['alice', 'paula', 'admin'])
      expect((await call(username, 'GET', `/api/services/${draft.id}`)).statusCode, username).toBe(200);
    for (const username of ['bob', 'desk', 'ivan', 'nora', 'carla'])
      expect((await call(username, 'GET', `/api/services/${draft.id}`)).statusCode, username).toBe(404);
  });

  it('shows every other state to service providers, the desk and SIM, but not to nora', async () => {
    const online = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
    });
    for (const username of ['alice', 'bob', 'desk', 'ivan', 'paula', 'admin'])
      expect((await call(username, 'GET', `/api/services/${online.id}`)).statusCode, username).toBe(200);
    for (const username of ['nora', 'carla', 'victor'])
      expect((await call(username, 'GET', `/api/services/${online.id}`)).statusCode, username).toBe(404);
  });

  it('answers 404 for an unknown id, 400 for a malformed one, 401 without a token', async () => {
    expect((await call('paula', 'GET', '/api/services/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('paula', 'GET', '/api/services/not-a-uuid')).statusCode).toBe(400);
    expect((await call(null, 'GET', '/api/services/00000000-0000-4000-8000-000000000000')).statusCode).toBe(401);
  });

  it('presents roles, admins, pending role changes, permissions, actions and the names behind field ids', async () => {
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_information_draft',
      objectOwnerId: env.world.people.alice!.id,
      serviceOwnerId: env.world.people.bob!.id,
      adminIds: [env.world.people.desk!.id],
      providerInstitutionId: env.world.institutions.HPCN,
      fields: {
        ...completeFieldValues({ contactId: env.world.people.ivan!.id, institutionId: env.world.institutions.DCS }),
      },
    });
    const detail = (await call('bob', 'GET', `/api/services/${service.id}`)).json<ServiceDetail>();
    expect(detail.roles.objectOwner?.username).toBe('alice');
    expect(detail.roles.serviceOwner?.username).toBe('bob');
    expect(detail.roles.admins.map((a) => a.username)).toEqual(['desk']);
    expect(detail.refs.users[env.world.people.ivan!.id]?.username).toBe('ivan');
    expect(detail.refs.institutions[env.world.institutions.DCS]?.abbreviation).toBe('DCS');
    expect(detail.keywords.map((k) => k.name)).toEqual(['Cloud']);
    // bob is service owner with no manager set: he holds the manager's rights.
    expect(detail.permissions).toMatchObject({ edit: true, manageAdmins: true, requestRoleChange: true });
    expect(detail.permissions.editObjectOwner).toBe(false);
    expect(detail.actions.sort()).toEqual(['submitServiceInformation', 'withdrawServiceOffer']);

    const paula = (await call('paula', 'GET', `/api/services/${service.id}`)).json<ServiceDetail>();
    expect(paula.permissions).toMatchObject({ editObjectOwner: true, decideRoleChange: true, activateDocuments: true });
    const ivan = (await call('ivan', 'GET', `/api/services/${service.id}`)).json<ServiceDetail>();
    expect(ivan.actions).toEqual([]);
    expect(ivan.permissions.edit).toBe(false);
  });
});

describe('PATCH /api/services/:id', () => {
  const draftOf = async () => {
    const created = await call('alice', 'POST', '/api/services', {
      name: 'Patch me',
      fields: { shortDescription: 'Before', website: 'https://www.example.org' },
      weighting: { initiatedBy: 'centre' },
    });
    return created.json<ServiceDetail>();
  };

  it('changes only what is named; null removes a field or an answer; derived columns follow', async () => {
    const draft = await draftOf();
    const [gpu] = await env.test.database.db.insert(keywords).values({ name: 'GPU computing' }).returning();
    const response = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      fields: { shortDescription: 'After', website: null, serviceCategory: 'software', apiAvailable: true },
      keywords: [env.world.keywordId, gpu!.id],
      weighting: { initiatedBy: null, expectedCentres: 'many' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ServiceDetail>();
    expect(body.version).toBe(2);
    expect(body.name).toBe('Patch me');
    expect(body.fields).toEqual({ shortDescription: 'After', serviceCategory: 'software', apiAvailable: true });
    expect(body.weighting).toEqual({ expectedCentres: 'many' });
    expect(body.score).toBe(9); // 3 points × factor 3
    expect(body.serviceType).toBe('platform');
    expect(body.keywords.map((k) => k.name)).toEqual(['Cloud', 'GPU computing']);
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, draft.id));
    expect(row!.weightedScore).toBe(9);

    const events = await eventsOf(draft.id);
    const update = events.find((e) => e.action === 'service.updated')!;
    expect(update.before).toEqual({
      shortDescription: 'Before',
      website: 'https://www.example.org',
      serviceCategory: null,
      apiAvailable: null,
      keywords: [],
      'weighting.initiatedBy': 'centre',
      'weighting.expectedCentres': null,
    });
    expect(update.after).toEqual({
      shortDescription: 'After',
      website: null,
      serviceCategory: 'software',
      apiAvailable: true,
      keywords: [env.world.keywordId, gpu!.id].sort(),
      'weighting.initiatedBy': null,
      'weighting.expectedCentres': 'many',
    });
  });

  it('changes nothing, and keeps the version, when nothing differs', async () => {
    const draft = await draftOf();
    const response = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      name: 'Patch me',
      fields: { shortDescription: ' Before ', description: null },
      weighting: { initiatedBy: 'centre' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().version).toBe(draft.version);
    expect((await eventsOf(draft.id)).map((e) => e.action)).toEqual(['service.created']);
  });

  it('refuses a stale version with 409 and overwrites nothing', async () => {
    const draft = await draftOf();
    const first = await call('alice', 'PATCH', `/api/services/${draft.id}`, { version: 1, name: 'First' });
    expect(first.statusCode).toBe(200);
    const second = await call('alice', 'PATCH', `/api/services/${draft.id}`, { version: 1, name: 'Second' });
    expect(second.statusCode).toBe(409);
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, draft.id));
    expect(row).toMatchObject({ name: 'First', version: 2 });
  });

  it('answers 400 with field messages for bad formats and unknown ids, and changes nothing', async () => {
    const draft = await draftOf();
    const response = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      fields: { website: 'ftp://x', keywords: [] },
      providerInstitutionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields).sort()).toEqual(['keywords', 'website']);
    const refs = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      providerInstitutionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(refs.statusCode).toBe(400);
    expect(refs.json().fields).toEqual({ providerInstitutionId: 'This institution does not exist.' });
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, draft.id));
    expect(row!.version).toBe(1);
    const bad = await call('alice', 'PATCH', `/api/services/${draft.id}`, { version: 1, name: '' });
    expect(bad.statusCode).toBe(400);
  });

  it('lets the provider side edit only in the draft states and SPM everywhere but retired', async () => {
    const received = await createServiceInState(env.test.database.db, {
      state: 'application_received',
      objectOwnerId: env.world.people.alice!.id,
    });
    const aliceEdit = await call('alice', 'PATCH', `/api/services/${received.id}`, { version: 1, name: 'No' });
    expect(aliceEdit.statusCode).toBe(403);
    expect(aliceEdit.json().message).toBe('This service cannot be edited in its current status.');
    expect((await call('bob', 'PATCH', `/api/services/${received.id}`, { version: 1, name: 'No' })).statusCode).toBe(
      403,
    );
    expect((await call('nora', 'PATCH', `/api/services/${received.id}`, { version: 1, name: 'No' })).statusCode).toBe(
      404,
    );
    expect((await call('paula', 'PATCH', `/api/services/${received.id}`, { version: 1, name: 'Yes' })).statusCode).toBe(
      200,
    );
    const retired = await createServiceInState(env.test.database.db, {
      state: 'service_retired',
      objectOwnerId: env.world.people.alice!.id,
    });
    expect((await call('paula', 'PATCH', `/api/services/${retired.id}`, { version: 1, name: 'No' })).statusCode).toBe(
      403,
    );
    expect((await call(null, 'PATCH', `/api/services/${retired.id}`, { version: 1, name: 'No' })).statusCode).toBe(401);
  });
});

describe('GET /api/services/:id/history', () => {
  it('lists the events of the service newest first, old → new, with names for ids, comments included', async () => {
    const draft = (
      await call('alice', 'POST', '/api/services', { name: 'History', fields: { shortDescription: 'One' } })
    ).json<ServiceDetail>();
    await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: 1,
      fields: { shortDescription: 'Two', technicalContact: env.world.people.bob!.id },
    });
    await call('alice', 'POST', `/api/services/${draft.id}/transitions`, { version: 2, action: 'withdrawApplication' });
    const comment = await call('alice', 'POST', `/api/services/${draft.id}/comments`, { text: 'Why withdrawn?' });
    expect(comment.statusCode).toBe(201);

    const response = await call('alice', 'GET', `/api/services/${draft.id}/history`);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as {
      action: string;
      actor: string;
      changes: { field: string; before: unknown; after: unknown }[];
    }[];
    expect(items.map((i) => i.action)).toEqual([
      'service.comment.added',
      'service.transition',
      'service.updated',
      'service.created',
    ]);
    expect(items[0]!.changes).toEqual([{ field: 'comment', before: null, after: 'Why withdrawn?' }]);
    expect(items[1]!.changes).toEqual([
      { field: 'state', before: 'application_draft', after: 'application_withdrawn' },
    ]);
    expect(items[2]!.changes).toEqual([
      { field: 'shortDescription', before: 'One', after: 'Two' },
      { field: 'technicalContact', before: null, after: 'Bob Berger' },
    ]);
    // People by name, not login.
    expect(items.map((i) => i.actor)).toEqual(['Alice Adler', 'Alice Adler', 'Alice Adler', 'Alice Adler']);

    expect((await call('bob', 'GET', `/api/services/${draft.id}/history`)).statusCode).toBe(200);
    expect((await call('nora', 'GET', `/api/services/${draft.id}/history`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/services/${draft.id}/history`)).statusCode).toBe(401);
  });

  it('pages through a long history with the cursor, no event twice or left out, events of one moment included', async () => {
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    // 75 events of one transaction (one moment), 50 a microsecond apart, 100 a minute apart.
    await env.test.database.db.insert(auditEvents).values(
      Array.from({ length: 225 }, (_, index) => ({
        actorName: 'Paula',
        objectType: 'service',
        objectId: service.id,
        action: 'service.comment.added',
        after: { comment: `Note ${index}` },
        at:
          index < 75
            ? sql`timestamptz '2026-02-01 12:00:00.5+00'`
            : index < 125
              ? sql`timestamptz '2026-02-01 12:00:00.7+00' + ${index} * interval '1 microsecond'`
              : sql`timestamptz '2026-02-01 12:00:00+00' + ${index} * interval '1 minute'`,
      })),
    );
    const expected = (
      await env.test.database.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.objectType, 'service'), eq(auditEvents.objectId, service.id)))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    ).map((row) => row.id);
    const url = `/api/services/${service.id}/history`;

    const first = (await call('paula', 'GET', url)).json<HistoryPage>();
    expect(first.items.map((e) => e.id)).toEqual(expected.slice(0, 50));
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 50; pages += 1) {
      const page: HistoryPage = (
        await call('paula', 'GET', `${url}?limit=11${cursor ? `&cursor=${cursor}` : ''}`)
      ).json<HistoryPage>();
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(expected);

    expect((await call('paula', 'GET', `${url}?limit=200`)).json<HistoryPage>().items).toHaveLength(200);
    const tooMany = await call('paula', 'GET', `${url}?limit=201`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ fields: { limit: 'Please ask for at most 200 rows at a time' } });
    const bad = await call('paula', 'GET', `${url}?cursor=${first.items[0]!.id}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      error: 'invalid_input',
      fields: { cursor: 'This link to the next page is not valid. Please load the list again.' },
    });
    expect((await call('nora', 'GET', `${url}?cursor=${first.nextCursor}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `${url}?cursor=${first.nextCursor}`)).statusCode).toBe(401);
  });
});

describe('without a token', () => {
  it('every service route answers 401, only the public portfolio answers', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/api/services'],
      ['GET', '/api/services/mine'],
      ['GET', '/api/services/export.csv'],
      ['POST', '/api/services'],
      ['GET', `/api/services/${id}`],
      ['PATCH', `/api/services/${id}`],
      ['POST', `/api/services/${id}/transitions`],
      ['PUT', `/api/services/${id}/roles`],
      ['POST', `/api/services/${id}/admins`],
      ['DELETE', `/api/services/${id}/admins/${id}?version=1`],
      ['POST', `/api/services/${id}/role-changes`],
      ['POST', `/api/services/${id}/role-changes/${id}/decision`],
      ['GET', `/api/services/${id}/history`],
      ['POST', `/api/services/${id}/documents/activate`],
      ['GET', '/api/institutions'],
      ['GET', '/api/weighting-criteria'],
      ['GET', '/api/integration-list'],
    ];
    for (const [method, url] of routes) {
      const response = await env.test.app.inject({
        method: method as 'GET',
        url,
        payload: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await env.test.app.inject({ method: 'GET', url: '/api/public/services' })).statusCode).toBe(200);
  });
});
