import {
  CHANGE_REQUEST_RULES,
  CHANGE_REQUEST_STATES,
  type ChangeRequest,
  type ChangeRequestAction,
  type ChangeRequestState,
  type ServiceChangeRequests,
  type ServiceDetail,
  type ServiceState,
} from '@nubes/domain';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, changeRequestFields, changeRequests, mailOutbox, services } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

/** alice is object owner of every service here: the provider side. */
const serviceIn = (state: ServiceState = 'service_online') =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });

const call = (username: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: env.as(username),
  });

/** A request of alice's written straight into the database in any state, proposing two fields. */
const requestIn = async (state: ChangeRequestState, options: { fromIntegrationManager?: boolean } = {}) => {
  const service = await serviceIn();
  // Decided from hand-in on, so a release can follow.
  const decided = state !== 'draft' && state !== 'withdrawn';
  const [row] = await env.test.database.db
    .insert(changeRequests)
    .values({
      serviceId: service.id,
      state,
      authorId: options.fromIntegrationManager ? env.world.people.ivan!.id : env.world.people.alice!.id,
      fromIntegrationManager: options.fromIntegrationManager ?? false,
    })
    .returning();
  await env.test.database.db.insert(changeRequestFields).values([
    {
      changeRequestId: row!.id,
      fieldKey: 'shortDescription',
      currentValue: service.fields.shortDescription!,
      newValue: 'A new short description',
      decision: decided ? 'accept' : null,
    },
    {
      changeRequestId: row!.id,
      fieldKey: 'description',
      currentValue: service.fields.description!,
      newValue: 'A new description',
      decision: decided ? 'discard' : null,
    },
  ]);
  return { service, request: row! };
};

type ChangeRequestRow = typeof changeRequests.$inferSelect;

const requestRow = async (id: string) =>
  (await env.test.database.db.select().from(changeRequests).where(eq(changeRequests.id, id)))[0]!;
const serviceRow = async (id: string) =>
  (await env.test.database.db.select().from(services).where(eq(services.id, id)))[0]!;
const eventsOf = (objectType: string, objectId: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, objectType), eq(auditEvents.objectId, objectId)));

const PATHS: Record<ChangeRequestAction, { method: 'PATCH' | 'POST' | 'PUT'; path: string; body: object }> = {
  update: { method: 'PATCH', path: '', body: { fields: { shortDescription: 'Another proposal' } } },
  handIn: { method: 'POST', path: '/hand-in', body: {} },
  withdraw: { method: 'POST', path: '/withdraw', body: {} },
  decide: { method: 'PUT', path: '/decisions', body: { decisions: { shortDescription: 'discard' } } },
  release: { method: 'POST', path: '/release', body: {} },
  apply: { method: 'POST', path: '/apply', body: {} },
};

const ACTORS = [null, 'alice', 'bob', 'ivan', 'paula', 'desk', 'nora', 'admin'] as const;

/**
 * The answer the transition table (docs/domain.md#change-requests) asks for, written out per
 * person: nobody logged in 401; the portfolio manager's steps refuse everyone else at the door
 * (403); nora sees no service (404), bob and the desk see the service but not its requests (404);
 * alice and admin are the authors of a provider request, ivan of an integration manager's; a state
 * the action does not run from is 409.
 */
const expected = (
  username: (typeof ACTORS)[number],
  action: ChangeRequestAction,
  state: ChangeRequestState,
  fromIntegrationManager: boolean,
): number => {
  if (username === null) return 401;
  const rule = CHANGE_REQUEST_RULES.find((r) => r.action === action)!;
  const spmStep = rule.who === 'spm';
  if (spmStep && !['paula', 'admin'].includes(username)) return 403;
  if (username === 'nora' || username === 'bob' || username === 'desk') return 404;
  const authors = fromIntegrationManager ? ['ivan', 'admin'] : ['alice', 'admin'];
  if (!spmStep && !authors.includes(username)) return 403;
  return rule.from.includes(state) ? 200 : 409;
};

describe('change request steps', () => {
  it('every action × every state × every actor, for provider and integration manager requests', async () => {
    const taken = new Set<string>();
    for (const fromIntegrationManager of [false, true])
      for (const rule of CHANGE_REQUEST_RULES)
        for (const state of CHANGE_REQUEST_STATES) {
          // A refused action leaves the request as it was (checked below), so the next actor tries
          // the same one; only an action that was taken needs a fresh request.
          let request: ChangeRequestRow | undefined;
          for (const username of ACTORS) {
            request ??= (await requestIn(state, { fromIntegrationManager })).request;
            const { method, path, body } = PATHS[rule.action];
            const response = await call(username, method, `/change-requests/${request.id}${path}`, {
              ...body,
              version: 1,
            });
            const want = expected(username, rule.action, state, fromIntegrationManager);
            const label = `${rule.action} from ${state} as ${username ?? 'anonymous'} (sim: ${fromIntegrationManager})`;
            expect(response.statusCode, `${label}: ${response.body}`).toBe(want);
            const row = await requestRow(request.id);
            if (want === 200) {
              expect(response.json<ChangeRequest>().state, label).toBe(rule.to ?? state);
              expect(row.state, label).toBe(rule.to ?? state);
              taken.add(rule.action);
              request = undefined;
            } else {
              expect(row, label).toMatchObject({ state, version: 1 });
              expect(await eventsOf('changeRequest', request.id), label).toHaveLength(0);
            }
          }
        }
    expect(taken.size).toBe(CHANGE_REQUEST_RULES.length);
  }, 180_000);

  it('a stale request version answers 409 and changes nothing', async () => {
    const { request } = await requestIn('draft');
    const response = await call('alice', 'POST', `/change-requests/${request.id}/hand-in`, { version: 7 });
    expect(response.statusCode).toBe(409);
    expect(await requestRow(request.id)).toMatchObject({ state: 'draft', version: 1 });
  });

  it('unknown ids answer 404; malformed ids and bad bodies 400', async () => {
    expect((await call('paula', 'GET', '/change-requests/not-a-uuid')).statusCode).toBe(400);
    expect((await call('paula', 'GET', `/change-requests/${crypto.randomUUID()}`)).statusCode).toBe(404);
    const { request } = await requestIn('draft');
    expect((await call('alice', 'POST', `/change-requests/${request.id}/hand-in`, {})).statusCode).toBe(400);
    const badDecision = await call('paula', 'PUT', `/change-requests/${request.id}/decisions`, {
      version: 1,
      decisions: { shortDescription: 'maybe' },
    });
    expect(badDecision.statusCode).toBe(400);
  });
});

describe('POST /api/services/:id/change-requests', () => {
  it('alice starts a draft: current and new value per field, an audit event, the service unchanged', async () => {
    const service = await serviceIn();
    const response = await call('alice', 'POST', `/services/${service.id}/change-requests`, {
      fields: { shortDescription: '  Faster storage  ', description: service.fields.description },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<ChangeRequest>();
    expect(created).toMatchObject({ state: 'draft', version: 1, fromIntegrationManager: false });
    expect(created.author?.username).toBe('alice');
    // The unchanged description is left out; the text is stored trimmed, as a direct edit would.
    expect(created.fields).toEqual([
      {
        key: 'shortDescription',
        currentValue: service.fields.shortDescription,
        newValue: 'Faster storage',
        decision: null,
        serviceValue: service.fields.shortDescription,
        stale: false,
      },
    ]);
    expect(created.actions).toEqual(['update', 'handIn', 'withdraw']);
    expect(await serviceRow(service.id)).toMatchObject({ version: 1, fields: service.fields });
    const events = await eventsOf('changeRequest', created.id);
    expect(events.map((e) => e.action)).toEqual(['changeRequest.created']);
    expect(events[0]!.actorId).toBe(env.world.people.alice!.id);
  });

  it('an integration manager’s request is marked as such', async () => {
    const service = await serviceIn('integration_in_progress');
    const response = await call('ivan', 'POST', `/services/${service.id}/change-requests`, {
      fields: { shortDescription: 'From integration' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<ChangeRequest>().fromIntegrationManager).toBe(true);
  });

  it('who may start one, and in which states', async () => {
    const body = { fields: { shortDescription: 'Proposed' } };
    const online = await serviceIn();
    expect((await call(null, 'POST', `/services/${online.id}/change-requests`, body)).statusCode).toBe(401);
    expect((await call('nora', 'POST', `/services/${online.id}/change-requests`, body)).statusCode).toBe(404);
    expect((await call('bob', 'POST', `/services/${online.id}/change-requests`, body)).statusCode).toBe(404);
    expect((await call('desk', 'POST', `/services/${online.id}/change-requests`, body)).statusCode).toBe(404);
    // The portfolio manager edits directly instead.
    expect((await call('paula', 'POST', `/services/${online.id}/change-requests`, body)).statusCode).toBe(403);
    for (const state of ['service_information_draft', 'application_received', 'service_retired'] as const) {
      const service = await serviceIn(state);
      const response = await call('alice', 'POST', `/services/${service.id}/change-requests`, body);
      expect(response.statusCode, state).toBe(409);
    }
  });

  it('refuses unknown fields, keywords, bad formats and a request that changes nothing (400)', async () => {
    const service = await serviceIn();
    const url = `/services/${service.id}/change-requests`;
    const unknown = await call('alice', 'POST', url, { fields: { nonsense: 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ nonsense: 'This field cannot be changed through a change request.' });
    expect((await call('alice', 'POST', url, { fields: { keywords: ['x'] } })).statusCode).toBe(400);
    const bad = await call('alice', 'POST', url, { fields: { website: 'not a url' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['website']);
    expect((await call('alice', 'POST', url, { fields: {} })).statusCode).toBe(400);
    const same = await call('alice', 'POST', url, { fields: { shortDescription: service.fields.shortDescription } });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Nothing to save');
  });

  it('one open request per service; while one is handed in: "Contact information cannot be changed"', async () => {
    const { service, request } = await requestIn('draft');
    const body = { fields: { shortDescription: 'Second' } };
    const second = await call('alice', 'POST', `/services/${service.id}/change-requests`, body);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This service already has an open change request.');
    expect((await call('alice', 'POST', `/change-requests/${request.id}/hand-in`, { version: 1 })).statusCode).toBe(
      200,
    );
    const locked = await call('alice', 'POST', `/services/${service.id}/change-requests`, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('Contact information cannot be changed');
    const german = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/change-requests`,
      payload: body,
      headers: { ...env.as('alice'), 'accept-language': 'de' },
    });
    expect(german.json().message).toBe('Kontaktinformationen können nicht geändert werden');
    const list = (await call('alice', 'GET', `/services/${service.id}/change-requests`)).json<ServiceChangeRequests>();
    expect(list).toMatchObject({ canCreate: false, locked: true });
  });
});

describe('the lock on direct edits', () => {
  it('a handed-in request blocks everyone’s direct edits of the information, the portfolio manager’s too', async () => {
    const service = await serviceIn('service_information_draft');
    const [request] = await env.test.database.db
      .insert(changeRequests)
      .values({ serviceId: service.id, state: 'handed_in', authorId: env.world.people.alice!.id })
      .returning();
    const edit = { version: 1, fields: { shortDescription: 'Direct edit' } };
    for (const username of ['alice', 'paula', 'admin']) {
      const refused = await call(username, 'PATCH', `/services/${service.id}`, edit);
      expect(refused.statusCode, username).toBe(409);
      expect(refused.json().message).toBe('Contact information cannot be changed');
    }
    const renamed = await call('paula', 'PATCH', `/services/${service.id}`, { version: 1, name: 'Renamed' });
    expect(renamed.statusCode).toBe(409);
    expect((await serviceRow(service.id)).version).toBe(1);
    // The service tells every reader why its information cannot be edited now.
    const detail = (await call('paula', 'GET', `/services/${service.id}`)).json<ServiceDetail>();
    expect(detail.lock).toEqual({ changeRequestId: request!.id, state: 'handed_in' });
    // The weighting answers are the portfolio manager's assessment, which no request carries.
    const weighting = await call('paula', 'PATCH', `/services/${service.id}`, {
      version: 1,
      weighting: { initiatedBy: 'centre' },
    });
    expect(weighting.statusCode).toBe(200);
  });

  it('while a request is handed in, the portfolio manager applies it in one go: no stale fields to overwrite', async () => {
    const { service, request } = await requestIn('handed_in');
    const refused = await call('paula', 'PATCH', `/services/${service.id}`, {
      version: 1,
      fields: { shortDescription: 'Paula’s own edit' },
    });
    expect(refused.statusCode).toBe(409);
    expect((await call('paula', 'POST', `/change-requests/${request.id}/release`, { version: 1 })).statusCode).toBe(
      200,
    );
    const applied = await call('paula', 'POST', `/change-requests/${request.id}/apply`, { version: 2 });
    expect(applied.statusCode).toBe(200);
    expect((await serviceRow(service.id)).fields.shortDescription).toBe('A new short description');
    const detail = (await call('paula', 'GET', `/services/${service.id}`)).json<ServiceDetail>();
    expect(detail.lock).toBeNull();
  });

  it('withdrawing lifts the lock', async () => {
    const { service, request } = await requestIn('handed_in');
    expect((await call('alice', 'POST', `/change-requests/${request.id}/withdraw`, { version: 1 })).statusCode).toBe(
      200,
    );
    const list = (await call('alice', 'GET', `/services/${service.id}/change-requests`)).json<ServiceChangeRequests>();
    expect(list).toMatchObject({ canCreate: true, locked: false });
    expect(list.items[0]!.state).toBe('withdrawn');
  });
});

describe('deciding, releasing and applying', () => {
  it('applies only the accepted fields, one service event per field, and moves the service version', async () => {
    const service = await serviceIn();
    const created = (
      await call('alice', 'POST', `/services/${service.id}/change-requests`, {
        fields: {
          shortDescription: 'Accepted text',
          description: 'Discarded text',
          website: 'https://new.example.org',
        },
      })
    ).json<ChangeRequest>();
    const handedIn = await call('alice', 'POST', `/change-requests/${created.id}/hand-in`, { version: 1 });
    expect(handedIn.json<ChangeRequest>().actions).toEqual(['withdraw']);
    const early = await call('paula', 'POST', `/change-requests/${created.id}/release`, { version: 2 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Please decide every field first.');
    const decided = await call('paula', 'PUT', `/change-requests/${created.id}/decisions`, {
      version: 2,
      decisions: { shortDescription: 'accept', description: 'discard', website: 'accept' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json<ChangeRequest>().fields.map((f) => f.decision)).toEqual(['discard', 'accept', 'accept']);
    const unknownKey = await call('paula', 'PUT', `/change-requests/${created.id}/decisions`, {
      version: 3,
      decisions: { name: 'accept' },
    });
    expect(unknownKey.statusCode).toBe(400);
    expect((await call('paula', 'POST', `/change-requests/${created.id}/release`, { version: 3 })).statusCode).toBe(
      200,
    );
    const applied = await call('paula', 'POST', `/change-requests/${created.id}/apply`, { version: 4 });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json<ChangeRequest>().state).toBe('applied');

    const row = await serviceRow(service.id);
    expect(row.version).toBe(2);
    expect(row.fields.shortDescription).toBe('Accepted text');
    expect(row.fields.website).toBe('https://new.example.org');
    expect(row.fields.description).toBe(service.fields.description);

    const serviceEvents = await eventsOf('service', service.id);
    expect(serviceEvents.map((e) => [e.action, e.before, e.after])).toEqual(
      expect.arrayContaining([
        [
          'service.updated',
          { shortDescription: service.fields.shortDescription },
          { shortDescription: 'Accepted text' },
        ],
        ['service.updated', { website: service.fields.website }, { website: 'https://new.example.org' }],
      ]),
    );
    expect(serviceEvents).toHaveLength(3);
    expect(serviceEvents.every((e) => e.actorId === env.world.people.paula!.id)).toBe(true);
    const requestEvents = await eventsOf('changeRequest', created.id);
    expect(requestEvents.map((e) => e.action).sort()).toEqual(
      [
        'changeRequest.applied',
        'changeRequest.created',
        'changeRequest.decided',
        'changeRequest.handedIn',
        'changeRequest.released',
      ].sort(),
    );
    const appliedEvent = requestEvents.find((e) => e.action === 'changeRequest.applied')!;
    expect(appliedEvent.after).toEqual({
      state: 'applied',
      applied: ['shortDescription', 'website'],
      discarded: ['description'],
      serviceVersion: 2,
    });
    // The history shows the applied fields, and names the request: who handed it in, which fields.
    const history = await call('paula', 'GET', `/services/${service.id}/history`);
    expect(history.json().items.map((i: { action: string }) => i.action)).toContain('service.updated');
    expect(history.json().items).toContainEqual(
      expect.objectContaining({
        action: 'service.changeRequestApplied',
        changes: [
          { field: 'handedInBy', before: null, after: 'Alice Adler' },
          { field: 'appliedFields', before: null, after: ['shortDescription', 'website'] },
          { field: 'discardedFields', before: null, after: ['description'] },
        ],
      }),
    );
  });

  /**
   * Nobody edits the information while a request is handed in or released; a value can still have
   * changed under a request made before that rule, or by a clear across services: written here as such.
   */
  const changeMeanwhile = (id: string, fields: Record<string, string>) =>
    env.test.database.db
      .update(services)
      .set({
        fields: sql`${services.fields} || ${JSON.stringify(fields)}::jsonb`,
        version: sql`${services.version} + 1`,
      })
      .where(eq(services.id, id));

  it('a field changed since the request was made is not applied blindly', async () => {
    const { service, request } = await requestIn('released');
    await changeMeanwhile(service.id, { shortDescription: 'Changed meanwhile' });
    const shown = (await call('paula', 'GET', `/change-requests/${request.id}`)).json<ChangeRequest>();
    expect(shown.fields.find((f) => f.key === 'shortDescription')).toMatchObject({
      stale: true,
      serviceValue: 'Changed meanwhile',
      currentValue: service.fields.shortDescription,
    });
    const refused = await call('paula', 'POST', `/change-requests/${request.id}/apply`, { version: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'The service has changed since this change request was made',
      fields: { shortDescription: 'The present value differs from the value this request was made against.' },
    });
    expect((await serviceRow(service.id)).fields.shortDescription).toBe('Changed meanwhile');
    const overwritten = await call('paula', 'POST', `/change-requests/${request.id}/apply`, {
      version: 1,
      overwrite: ['shortDescription'],
    });
    expect(overwritten.statusCode).toBe(200);
    expect(await serviceRow(service.id)).toMatchObject({
      version: 3,
      fields: expect.objectContaining({ shortDescription: 'A new short description' }),
    });
  });

  it('a stale accepted field named in keep stays as the service has it; the others apply', async () => {
    const { service, request } = await requestIn('released');
    await env.test.database.db
      .update(changeRequestFields)
      .set({ decision: 'accept' })
      .where(eq(changeRequestFields.changeRequestId, request.id));
    await changeMeanwhile(service.id, { shortDescription: 'Changed meanwhile' });
    const applied = await call('paula', 'POST', `/change-requests/${request.id}/apply`, {
      version: 1,
      keep: ['shortDescription'],
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await serviceRow(service.id)).fields).toMatchObject({
      shortDescription: 'Changed meanwhile',
      description: 'A new description',
    });
    const event = (await eventsOf('changeRequest', request.id)).find((e) => e.action === 'changeRequest.applied')!;
    expect(event.after).toMatchObject({ applied: ['description'], kept: ['shortDescription'] });
  });

  it('a discarded stale field does not stop the apply', async () => {
    const { service, request } = await requestIn('released');
    await changeMeanwhile(service.id, { description: 'Changed meanwhile' });
    expect((await call('paula', 'POST', `/change-requests/${request.id}/apply`, { version: 1 })).statusCode).toBe(200);
    expect((await serviceRow(service.id)).fields.description).toBe('Changed meanwhile');
  });
});

describe('POST /api/change-requests/:id/release with the decisions', () => {
  const release = (username: string | null, id: string, body: object) =>
    call(username, 'POST', `/change-requests/${id}/release`, body);
  const undecided = async () => {
    const { service, request } = await requestIn('draft');
    await env.test.database.db
      .update(changeRequests)
      .set({ state: 'handed_in' })
      .where(eq(changeRequests.id, request.id));
    return { service, request };
  };

  it('records the decisions and releases in one step: both events, one version', async () => {
    const { request } = await undecided();
    const response = await release('paula', request.id, {
      version: 1,
      decisions: { shortDescription: 'accept', description: 'discard' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<ChangeRequest>();
    expect(answer.state).toBe('released');
    expect(Object.fromEntries(answer.fields.map((f) => [f.key, f.decision]))).toEqual({
      shortDescription: 'accept',
      description: 'discard',
    });
    expect(await requestRow(request.id)).toMatchObject({ state: 'released', version: 2 });
    const events = await eventsOf('changeRequest', request.id);
    expect(events.map((e) => e.action).sort()).toEqual(['changeRequest.decided', 'changeRequest.released']);
    expect(events.find((e) => e.action === 'changeRequest.decided')!.after).toEqual({
      shortDescription: 'accept',
      description: 'discard',
    });
  });

  it('a field left undecided refuses the whole step (409 naming it) and writes no decision', async () => {
    const { request } = await undecided();
    const response = await release('paula', request.id, { version: 1, decisions: { shortDescription: 'accept' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'Please decide every field first.',
      fields: { description: 'Please decide every field first.' },
    });
    expect(await requestRow(request.id)).toMatchObject({ state: 'handed_in', version: 1 });
    const fields = await env.test.database.db
      .select()
      .from(changeRequestFields)
      .where(eq(changeRequestFields.changeRequestId, request.id));
    expect(fields.every((f) => f.decision === null)).toBe(true);
    expect(await eventsOf('changeRequest', request.id)).toHaveLength(0);
  });

  it('a stale version is 409; bad decisions 400; nobody logged in 401; the provider 403; nothing written', async () => {
    const { request } = await undecided();
    const all = { shortDescription: 'accept', description: 'discard' };
    expect((await release('paula', request.id, { version: 9, decisions: all })).statusCode).toBe(409);
    const bad = await release('paula', request.id, { version: 1, decisions: { shortDescription: 'maybe' } });
    expect(bad.statusCode).toBe(400);
    const unknownField = await release('paula', request.id, { version: 1, decisions: { ...all, name: 'accept' } });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().fields).toMatchObject({ name: expect.any(String) });
    expect((await release('paula', request.id, { version: 1, decisions: all, extra: 1 })).statusCode).toBe(400);
    expect((await release(null, request.id, { version: 1, decisions: all })).statusCode).toBe(401);
    expect((await release('alice', request.id, { version: 1, decisions: all })).statusCode).toBe(403);
    expect(await requestRow(request.id)).toMatchObject({ state: 'handed_in', version: 1 });
    expect(await eventsOf('changeRequest', request.id)).toHaveLength(0);
  });

  it('answers in the caller’s language', async () => {
    const { request } = await undecided();
    const response = await env.test.app.inject({
      method: 'POST',
      url: `/api/change-requests/${request.id}/release`,
      payload: { version: 1 },
      headers: { ...env.as('paula'), 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Bitte entscheiden Sie zuerst über jedes Feld.');
  });
});

describe('reading change requests', () => {
  it('a service’s requests: provider side and managers; others 404', async () => {
    const { service, request } = await requestIn('handed_in');
    for (const username of ['alice', 'paula', 'ivan', 'admin']) {
      const response = await call(username, 'GET', `/services/${service.id}/change-requests`);
      expect(response.statusCode, username).toBe(200);
      expect(response.json<ServiceChangeRequests>().items.map((i) => i.id)).toEqual([request.id]);
      expect((await call(username, 'GET', `/change-requests/${request.id}`)).statusCode, username).toBe(200);
    }
    for (const username of ['bob', 'desk', 'nora']) {
      expect((await call(username, 'GET', `/services/${service.id}/change-requests`)).statusCode, username).toBe(404);
      expect((await call(username, 'GET', `/change-requests/${request.id}`)).statusCode, username).toBe(404);
    }
    expect((await call(null, 'GET', `/change-requests/${request.id}`)).statusCode).toBe(401);
  });

  it('the list across services: the portfolio manager only, with filters and search', async () => {
    const { service, request } = await requestIn('handed_in', { fromIntegrationManager: true });
    expect((await call(null, 'GET', '/change-requests')).statusCode).toBe(401);
    for (const username of ['alice', 'ivan', 'bob', 'nora'])
      expect((await call(username, 'GET', '/change-requests')).statusCode, username).toBe(403);
    const all = await call('paula', 'GET', '/change-requests?pageSize=100');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBeGreaterThan(1);
    const found = await call('paula', 'GET', `/change-requests?q=${encodeURIComponent(service.name)}&state=handed_in`);
    expect(found.json()).toMatchObject({
      total: 1,
      items: [
        {
          id: request.id,
          state: 'handed_in',
          fromIntegrationManager: true,
          fieldCount: 2,
          service: { id: service.id, name: service.name },
        },
      ],
    });
    const fromIvan = await call('paula', 'GET', '/change-requests?from=integrationManager&pageSize=100');
    expect(fromIvan.json().items.every((i: { fromIntegrationManager: boolean }) => i.fromIntegrationManager)).toBe(
      true,
    );
    // A command's change is in the list at the next request (the rows in memory are told at commit).
    const fresh = await serviceIn();
    await call('alice', 'POST', `/services/${fresh.id}/change-requests`, { fields: { shortDescription: 'Listed' } });
    const listed = await call('paula', 'GET', `/change-requests?q=${encodeURIComponent(fresh.name)}`);
    expect(listed.json()).toMatchObject({ total: 1, items: [{ state: 'draft', author: 'Alice Adler' }] });
    expect((await call('paula', 'GET', '/change-requests?state=open')).statusCode).toBe(400);
    expect((await call('paula', 'GET', '/change-requests?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('what a hand-in sets off', () => {
  it('turns a running review into "edit required" and queues the mails, in the hand-in’s transaction', async () => {
    const { service, request } = await requestIn('draft');
    const started = await call('paula', 'POST', `/services/${service.id}/review/start`, { version: 0 });
    expect(started.statusCode).toBe(200);
    await env.test.database.db.delete(mailOutbox);

    const handedIn = await call('alice', 'POST', `/change-requests/${request.id}/hand-in`, {
      version: request.version,
    });
    expect(handedIn.statusCode).toBe(200);
    const review = await call('alice', 'GET', `/services/${service.id}/review`);
    expect(review.json()).toMatchObject({ review: { status: 'editRequired' } });
    const events = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'review.editRequired')));
    expect(events).toHaveLength(1);
    const mails = await env.test.database.db.select().from(mailOutbox).where(eq(mailOutbox.serviceId, service.id));
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((mail) => mail.kind === 'changeRequestHandedIn')).toBe(true);
    // The portfolio manager decides next; alice handed it in herself.
    expect(mails.map((mail) => mail.recipientId)).toContain(env.world.people.paula!.id);
    expect(mails.map((mail) => mail.recipientId)).not.toContain(env.world.people.alice!.id);
  });

  it('leaves a review that is not running as it is', async () => {
    const { service, request } = await requestIn('draft');
    const handedIn = await call('alice', 'POST', `/change-requests/${request.id}/hand-in`, {
      version: request.version,
    });
    expect(handedIn.statusCode).toBe(200);
    expect((await call('alice', 'GET', `/services/${service.id}/review`)).json()).toMatchObject({
      review: { status: 'inactive' },
    });
  });
});
