import {
  VO_ACTIONS,
  VO_STATES,
  VO_TRANSITIONS,
  type HistoryEntry,
  type HistoryPage,
  type VoDetails,
  type VoList,
  type VoNameCheck,
  type VoState,
} from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { findDemoAccount } from '../dev-idp/accounts.js';
import { auditEvents, mailOutbox, voNamePrefixes, voServices, vos } from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
let online: string;
let offline: string;
let counter = 0;

const person = (username: string) => env.world.people[username]!;
const call = (user: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, language = 'en') =>
  env.test.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { 'accept-language': language, ...(user ? bearer(person(user).token) : {}) },
  });

const uniqueName = (stem = 'vo') => `${stem}-${++counter}`;

/** Every page filled in and valid: sending needs nothing more. */
const complete = () => ({
  name: uniqueName('complete'),
  description: 'Climate models on the alliance’s clouds',
  homeInstitutionId: env.world.institutions.HPCN,
  deputyId: person('alice').id,
  securityContactEmail: 'security@example.org',
  expectedMembers: 12,
  serviceIds: [online],
  aupAdditions: 'Only for climate research.',
  termsConfirmed: true,
  policiesAccepted: true,
});

/** A VO written straight into a state: victor applied, alice is deputy, every page valid. */
const voIn = async (state: VoState, name = uniqueName('state')) => {
  const sent = state !== 'application_draft' && state !== 'application_withdrawn';
  const [row] = await env.test.database.db
    .insert(vos)
    .values({
      name,
      state,
      applicantId: person('victor').id,
      deputyId: person('alice').id,
      description: 'A VO',
      homeInstitutionId: env.world.institutions.HPCN,
      securityContactEmail: 'security@example.org',
      expectedMembers: 3,
      termsConfirmed: true,
      termsConfirmedAt: new Date(),
      policiesAccepted: true,
      policiesAcceptedAt: new Date(),
      sentAt: sent ? new Date() : null,
      entitlement: state === 'vo_available' ? `urn:geant:nubes.example:group:${name}#aai.nubes.example` : null,
    })
    .returning();
  await env.test.database.db.insert(voServices).values({ voId: row!.id, serviceId: online });
  return row!;
};

const create = async (body: object, user = 'victor') => {
  const response = await call(user, 'POST', '/api/vos', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<VoDetails>();
};

beforeAll(async () => {
  online = (
    await createServiceInState(env.test.database.db, {
      state: 'service_online',
      name: 'Compute Cloud',
      objectOwnerId: person('alice').id,
    })
  ).id;
  offline = (await createServiceInState(env.test.database.db, { objectOwnerId: person('alice').id })).id;
  await env.test.database.db.insert(voNamePrefixes).values({ prefix: 'nubes', note: 'The portal itself' });
});

describe('VO applications: create and read', () => {
  it('answers 401 without a session on every route', async () => {
    const id = (await voIn('application_draft')).id;
    for (const [method, url] of [
      ['GET', '/api/vos'],
      ['POST', '/api/vos'],
      ['GET', `/api/vos/${id}`],
      ['PATCH', `/api/vos/${id}`],
      ['POST', `/api/vos/${id}/transitions`],
      ['GET', `/api/vos/${id}/history`],
      ['GET', '/api/vo-settings'],
      ['GET', '/api/vos/name-check?name=x'],
      ['GET', '/api/vos/service-options'],
      ['GET', '/api/vos/user-options?q=al'],
    ] as const)
      expect((await call(null, method, url, method === 'GET' ? undefined : {})).statusCode, url).toBe(401);
  });

  it('lets VO managers start an application with the name only; it is a draft of theirs', async () => {
    const name = uniqueName('draft');
    const vo = await create({ name: ` ${name} ` });
    expect(vo).toMatchObject({
      name,
      state: 'application_draft',
      version: 1,
      applicant: { username: 'victor' },
      deputy: null,
      termsConfirmed: false,
      policiesAccepted: false,
      termsConfirmation: null,
      serviceIds: [],
      actions: ['send', 'withdraw'],
      canEdit: true,
      comments: [],
      entitlement: null,
    });
    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, vo.id), eq(auditEvents.action, 'vo.created')));
    expect(event).toMatchObject({ objectType: 'vo', actorName: 'victor', after: expect.objectContaining({ name }) });
  });

  it('refuses the application to whoever is no VO manager', async () => {
    for (const user of ['nora', 'alice', 'sven'])
      expect((await call(user, 'POST', '/api/vos', { name: uniqueName() })).statusCode, user).toBe(403);
    expect((await call('admin', 'POST', '/api/vos', { name: uniqueName('admin') })).statusCode).toBe(201);
  });

  it('keeps every field of a complete application, with who confirmed and accepted', async () => {
    const body = complete();
    const vo = await create(body);
    expect(vo).toMatchObject({
      ...body,
      homeInstitution: { abbreviation: 'HPCN' },
      deputy: { username: 'alice' },
      services: [{ id: online, name: 'Compute Cloud' }],
      termsConfirmation: { by: { username: 'victor' } },
      policiesAcceptance: { by: { username: 'victor' } },
    });
  });

  it('needs a name, with the application’s own message, in the caller’s language', async () => {
    const english = await call('victor', 'POST', '/api/vos', { description: 'no name' });
    expect(english.statusCode).toBe(400);
    expect(english.json().fields).toEqual({ name: 'This field cannot be empty. Please enter a name for your VO' });
    const german = await call('victor', 'POST', '/api/vos', { name: '' }, 'de');
    expect(german.json().fields.name).toBe(
      'Dieses Feld darf nicht leer sein. Bitte geben Sie einen Namen für Ihre VO ein',
    );
  });

  it('tells why a name is refused: characters, a reserved prefix, a centre’s abbreviation, taken in any case', async () => {
    const refusal = async (name: string, language = 'en') => {
      const response = await call('victor', 'POST', '/api/vos', { name }, language);
      expect(response.statusCode, name).toBe(400);
      return response.json().fields.name as string;
    };
    expect(await refusal('climate lab')).toContain('only letters, digits, hyphens (-) and underscores (_)');
    expect(await refusal('climate.lab')).toContain('only letters');
    expect(await refusal('NUBES_ops')).toBe('A VO name may not start with “nubes”: this prefix is reserved');
    expect(await refusal('hpcn-climate')).toBe(
      'A VO name may not start with “HPCN”: it is the abbreviation of the centre HPC Centre North',
    );
    expect(await refusal('Hpcn-climate', 'de')).toBe(
      'Ein VO-Name darf nicht mit „HPCN“ beginnen: Es ist das Kürzel des Zentrums HPC Centre North',
    );
    const taken = uniqueName('Taken');
    await create({ name: taken });
    const response = await call('victor', 'POST', '/api/vos', { name: taken.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Cannot save VO Application',
      fields: { name: 'There is a VO with this name already (names are compared regardless of case)' },
    });
    // A name that only holds a reserved word later on is free.
    await create({ name: uniqueName('climate-nubes') });
  });

  it('checks a name for the form, its own VO’s name counting as free', async () => {
    const check = async (query: string) => {
      const response = await call('victor', 'GET', `/api/vos/name-check?${query}`);
      expect(response.statusCode, query).toBe(200);
      return response.json<VoNameCheck>();
    };
    expect(await check('name=free-name')).toEqual({ name: 'free-name', ok: true, rule: null, message: null });
    expect(await check('name=a%20b')).toMatchObject({ ok: false, rule: 'characters' });
    expect(await check('name=nubesx')).toMatchObject({ ok: false, rule: 'configuredPrefix' });
    expect(await check('name=DCS1')).toMatchObject({ ok: false, rule: 'centrePrefix' });
    expect(await check('name=')).toMatchObject({ ok: false, rule: 'required' });
    const vo = await voIn('application_draft', uniqueName('Mine'));
    expect(await check(`name=${vo.name.toLowerCase()}`)).toMatchObject({ ok: false, rule: 'taken' });
    expect(await check(`name=${vo.name.toLowerCase()}&id=${vo.id}`)).toMatchObject({ ok: true });
    expect((await call('victor', 'GET', '/api/vos/name-check')).statusCode).toBe(400);
    expect((await call('victor', 'GET', '/api/vos/name-check?name=x&id=nope')).statusCode).toBe(400);
  });

  it('refuses references to nothing: an unknown institution or deputy, the applicant as deputy, a service not online', async () => {
    const response = await call('victor', 'POST', '/api/vos', {
      name: uniqueName(),
      homeInstitutionId: '00000000-0000-4000-8000-000000000000',
      deputyId: person('victor').id,
      serviceIds: [online, offline],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      homeInstitutionId: 'This institution does not exist',
      deputyId: 'The deputy must be someone other than the VO manager',
      serviceIds: 'Choose services that are online',
    });
    const unknownDeputy = await call('victor', 'POST', '/api/vos', {
      name: uniqueName(),
      deputyId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownDeputy.json().fields).toEqual({ deputyId: 'This user does not exist' });
    const badFormat = await call('victor', 'POST', '/api/vos', {
      name: uniqueName(),
      securityContactEmail: 'nope',
      expectedMembers: 0,
      unknown: true,
    });
    expect(badFormat.statusCode).toBe(400);
  });

  it('lets the applicant, the deputy, supervisors, the portfolio and the portal manager read a VO; others get 404', async () => {
    const vo = await voIn('application_received');
    for (const user of ['victor', 'alice', 'sven', 'paula', 'admin']) {
      const response = await call(user, 'GET', `/api/vos/${vo.id}`);
      expect(response.statusCode, user).toBe(200);
    }
    for (const user of ['nora', 'bob', 'ivan', 'carla', 'rita'])
      expect((await call(user, 'GET', `/api/vos/${vo.id}`)).statusCode, user).toBe(404);
    expect((await call('victor', 'GET', '/api/vos/not-a-uuid')).statusCode).toBe(400);
    expect((await call('victor', 'GET', '/api/vos/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('nora', 'GET', `/api/vos/${vo.id}/history`)).statusCode).toBe(404);
  });

  it('offers the online services and, to VO managers, the users to name as deputy', async () => {
    const options = await call('nora', 'GET', '/api/vos/service-options');
    expect(options.statusCode).toBe(200);
    const ids = options.json().items.map((item: { id: string }) => item.id);
    expect(ids).toContain(online);
    expect(ids).not.toContain(offline);
    const users = await call('victor', 'GET', '/api/vos/user-options?q=alice');
    expect(users.statusCode).toBe(200);
    expect(users.json().items).toEqual([expect.objectContaining({ username: 'alice' })]);
    expect((await call('nora', 'GET', '/api/vos/user-options?q=alice')).statusCode).toBe(403);
    expect((await call('victor', 'GET', '/api/vos/user-options?q=a')).statusCode).toBe(400);
  });

  it('answers the AAI policy documents and the entitlement’s form', async () => {
    const response = await call('nora', 'GET', '/api/vo-settings');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      entitlementNamespace: 'nubes.example',
      entitlementAuthority: 'aai.nubes.example',
      entitlementPattern: 'urn:geant:nubes.example:group:<VO name>#aai.nubes.example',
    });
    expect(response.json().policies.length).toBeGreaterThan(0);
  });
});

describe('VO applications: saving', () => {
  it('saves what is named, with the version read; a stale version changes nothing', async () => {
    const vo = await create({ name: uniqueName('save') });
    const saved = await call('victor', 'PATCH', `/api/vos/${vo.id}`, {
      version: 1,
      policiesAccepted: true,
      description: 'Now described',
      serviceIds: [online],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<VoDetails>()).toMatchObject({
      version: 2,
      policiesAccepted: true,
      policiesAcceptance: { by: { username: 'victor' } },
      description: 'Now described',
      serviceIds: [online],
      termsConfirmed: false,
    });
    const stale = await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, description: 'Lost' });
    expect(stale.statusCode).toBe(409);
    expect((await call('victor', 'GET', `/api/vos/${vo.id}`)).json().description).toBe('Now described');
    // Nothing changed: no new version.
    const same = await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 2, description: 'Now described' });
    expect(same.json().version).toBe(2);
    const withdrawn = await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 2, policiesAccepted: false });
    expect(withdrawn.json()).toMatchObject({ version: 3, policiesAccepted: false, policiesAcceptance: null });
  });

  it('lets the deputy save, not a supervisor (403) nor a stranger (404)', async () => {
    const vo = await voIn('application_draft');
    expect((await call('alice', 'PATCH', `/api/vos/${vo.id}`, { version: 1, expectedMembers: 40 })).statusCode).toBe(
      200,
    );
    for (const user of ['sven', 'paula', 'admin'])
      expect((await call(user, 'PATCH', `/api/vos/${vo.id}`, { version: 2, expectedMembers: 41 })).statusCode).toBe(
        403,
      );
    expect((await call('nora', 'PATCH', `/api/vos/${vo.id}`, { version: 2, expectedMembers: 41 })).statusCode).toBe(
      404,
    );
  });

  it('saves only in draft (409 otherwise)', async () => {
    for (const state of VO_STATES.filter((s) => s !== 'application_draft')) {
      const vo = await voIn(state);
      expect((await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, description: 'x' })).statusCode).toBe(
        409,
      );
    }
  });

  it('checks a new name by every rule, the VO’s own name in another case included', async () => {
    const other = await voIn('application_draft', uniqueName('Other'));
    const vo = await voIn('application_draft', uniqueName('Renamed'));
    const taken = await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, name: other.name.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields.name).toContain('There is a VO with this name already');
    expect((await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, name: 'UW_x' })).statusCode).toBe(400);
    const renamed = await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, name: vo.name.toLowerCase() });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe(vo.name.toLowerCase());
  });

  it('records what changed, old → new, in the history', async () => {
    const vo = await create({ name: uniqueName('history') });
    await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, homeInstitutionId: env.world.institutions.DCS });
    const history = (await call('sven', 'GET', `/api/vos/${vo.id}/history`)).json<{ items: HistoryEntry[] }>();
    expect(history.items.map((entry) => entry.action)).toEqual(['vo.updated', 'vo.created']);
    expect(history.items[0]!.changes).toEqual([
      { field: 'homeInstitutionId', before: null, after: 'Datacenter South (DCS)' },
    ]);

    // A page at a time, newest first; a cursor the portal did not write is bad input.
    const first = (await call('sven', 'GET', `/api/vos/${vo.id}/history?limit=1`)).json<HistoryPage>();
    expect(first.items.map((entry) => entry.action)).toEqual(['vo.updated']);
    const second = await call('sven', 'GET', `/api/vos/${vo.id}/history?limit=1&cursor=${first.nextCursor}`);
    expect(second.json<HistoryPage>()).toMatchObject({ items: [{ action: 'vo.created' }], nextCursor: null });
    expect((await call('sven', 'GET', `/api/vos/${vo.id}/history?cursor=%3D%3D`)).statusCode).toBe(400);
    expect((await call('sven', 'GET', `/api/vos/${vo.id}/history?limit=500`)).statusCode).toBe(400);
    expect((await call('nora', 'GET', `/api/vos/${vo.id}/history?cursor=${first.nextCursor}`)).statusCode).toBe(404);
    expect((await call(null, 'GET', `/api/vos/${vo.id}/history?limit=1`)).statusCode).toBe(401);
  });
});

describe('VO workflow', () => {
  /** Who may take each row: the applicant and deputy, or the reviewers. */
  const MANAGERS = ['victor', 'alice'];
  const REVIEWERS = ['sven', 'paula', 'admin'];

  describe.each(VO_TRANSITIONS.map((rule) => [rule.action, rule.from, rule.to, rule] as const))(
    '%s from %s → %s',
    (action, from, to, rule) => {
      const allowed = rule.who.includes('manager') ? MANAGERS : REVIEWERS;
      const refused = rule.who.includes('manager') ? REVIEWERS : MANAGERS;
      const body = { action, version: 1, ...(rule.commentRequired ? { comment: 'Please change the purpose' } : {}) };

      it.each(allowed)('is taken by %s', async (user) => {
        const vo = await voIn(from);
        const response = await call(user, 'POST', `/api/vos/${vo.id}/transitions`, body);
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json<VoDetails>()).toMatchObject({ state: to, version: 2 });
        const [event] = await env.test.database.db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.objectId, vo.id), eq(auditEvents.action, `vo.${action}`)));
        expect(event).toMatchObject({ before: { state: from }, after: expect.objectContaining({ state: to }) });
      });

      it.each(refused)('is refused to %s (403)', async (user) => {
        const vo = await voIn(from);
        expect((await call(user, 'POST', `/api/vos/${vo.id}/transitions`, body)).statusCode).toBe(403);
      });

      it('is hidden from a stranger (404) and refused on a stale version (409)', async () => {
        const vo = await voIn(from);
        expect((await call('nora', 'POST', `/api/vos/${vo.id}/transitions`, body)).statusCode).toBe(404);
        const user = allowed[0]!;
        expect((await call(user, 'POST', `/api/vos/${vo.id}/transitions`, { ...body, version: 2 })).statusCode).toBe(
          409,
        );
      });
    },
  );

  it('refuses every step that does not run from the state with 409, to anyone who may read the VO', async () => {
    for (const state of VO_STATES) {
      const vo = await voIn(state);
      for (const action of VO_ACTIONS) {
        if (VO_TRANSITIONS.some((rule) => rule.action === action && rule.from === state)) continue;
        for (const user of ['victor', 'sven']) {
          const response = await call(user, 'POST', `/api/vos/${vo.id}/transitions`, {
            action,
            version: 1,
            comment: 'c',
          });
          expect(response.statusCode, `${action} from ${state} by ${user}`).toBe(409);
        }
      }
    }
  });

  it('needs a comment to send an application back to draft, and shows it to the applicant', async () => {
    const vo = await voIn('application_received');
    const without = await call('sven', 'POST', `/api/vos/${vo.id}/transitions`, { action: 'backToDraft', version: 1 });
    expect(without.statusCode).toBe(400);
    expect(without.json().fields).toEqual({ comment: 'Please write what the VO managers should change' });
    const blank = await call('sven', 'POST', `/api/vos/${vo.id}/transitions`, {
      action: 'backToDraft',
      version: 1,
      comment: '   ',
    });
    expect(blank.statusCode).toBe(400);
    const back = await call('sven', 'POST', `/api/vos/${vo.id}/transitions`, {
      action: 'backToDraft',
      version: 1,
      comment: 'Please name the services you need',
    });
    expect(back.statusCode).toBe(200);
    const seen = (await call('victor', 'GET', `/api/vos/${vo.id}`)).json<VoDetails>();
    expect(seen).toMatchObject({
      state: 'application_draft',
      canEdit: true,
      comments: [
        {
          author: { username: 'sven' },
          text: 'Please name the services you need',
          action: 'backToDraft',
          fromState: 'application_received',
          toState: 'application_draft',
        },
      ],
    });
    // Back from withdrawn needs none.
    const withdrawn = await voIn('application_withdrawn');
    expect(
      (await call('victor', 'POST', `/api/vos/${withdrawn.id}/transitions`, { action: 'backToDraft', version: 1 }))
        .statusCode,
    ).toBe(200);
  });

  it('sends only a complete application, naming every field that fails', async () => {
    const vo = await create({ name: uniqueName('incomplete'), description: 'Something' });
    const refused = await call('victor', 'POST', `/api/vos/${vo.id}/transitions`, { action: 'send', version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Failed to send VO Application');
    expect(Object.keys(refused.json().fields).sort()).toEqual(
      [
        'deputyId',
        'expectedMembers',
        'homeInstitutionId',
        'policiesAccepted',
        'securityContactEmail',
        'serviceIds',
        'termsConfirmed',
      ].sort(),
    );
    const { policiesAccepted: _skip, name: _name, ...rest } = complete();
    await call('victor', 'PATCH', `/api/vos/${vo.id}`, { version: 1, ...rest });
    const noPolicies = await call('victor', 'POST', `/api/vos/${vo.id}/transitions`, { action: 'send', version: 2 });
    expect(noPolicies.json().fields).toEqual({ policiesAccepted: 'Please accept the policies of the AAI' });
  });

  it('refuses to send a name that became reserved after it was saved', async () => {
    const vo = await voIn('application_draft', uniqueName('later'));
    await env.test.database.db.insert(voNamePrefixes).values({ prefix: 'later' });
    const refused = await call('victor', 'POST', `/api/vos/${vo.id}/transitions`, { action: 'send', version: 1 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.name).toContain('“later”');
  });

  it('walks a VO to available: mails on each step, the supervisors on send, the entitlement at the end', async () => {
    const vo = await create(complete());
    const step = async (user: string, action: string, version: number, comment?: string) => {
      const response = await call(user, 'POST', `/api/vos/${vo.id}/transitions`, { action, version, comment });
      expect(response.statusCode, `${action}: ${response.body}`).toBe(200);
      return response.json<VoDetails>();
    };
    const mailsOf = async () =>
      (await env.test.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'voStep'))).filter((mail) =>
        mail.subject.includes(vo.name),
      );

    expect((await step('victor', 'send', 1)).state).toBe('application_received');
    const sent = await mailsOf();
    const recipients = (mails: typeof sent) => mails.map((mail) => mail.toAddress).sort();
    expect(recipients(sent)).toEqual([person('alice'), person('sven')].map((p) => emailOf(p.username)).sort());
    expect(sent.find((mail) => mail.toAddress === emailOf('sven'))!.body).toContain(
      `/vo/virtual-organisation/${vo.id}`,
    );

    await step('sven', 'backToDraft', 2, 'Describe the purpose better');
    await step('victor', 'send', 3);
    await step('sven', 'approve', 4);
    const available = await step('paula', 'makeAvailable', 5);
    expect(available).toMatchObject({
      state: 'vo_available',
      actions: [],
      canEdit: false,
      entitlement: `urn:geant:nubes.example:group:${vo.name}#aai.nubes.example`,
    });
    const all = await mailsOf();
    // Five steps: victor and alice hear of each they did not take, the supervisors of both sends.
    const to = (username: string) => all.filter((mail) => mail.toAddress === emailOf(username)).length;
    expect(to('victor')).toBe(3);
    expect(to('alice')).toBe(5);
    expect(to('sven')).toBe(2);
    expect(
      all.find((mail) => mail.body.includes('made available') || mail.body.includes('Make VO available')),
    ).toBeDefined();
    expect(all.some((mail) => mail.body.includes(available.entitlement!))).toBe(true);
    expect(all.some((mail) => mail.body.includes('> Describe the purpose better'))).toBe(true);

    const history = (await call('victor', 'GET', `/api/vos/${vo.id}/history`)).json<{ items: HistoryEntry[] }>();
    expect(history.items.map((entry) => entry.action)).toEqual([
      'vo.makeAvailable',
      'vo.approve',
      'vo.send',
      'vo.backToDraft',
      'vo.send',
      'vo.created',
    ]);
  });
});

const emailOf = (username: string) => findDemoAccount(username)!.email;

describe('My VOs', () => {
  it('lists the caller’s VOs as applicant or deputy; reviewers also get those waiting, first', async () => {
    const received = await voIn('application_received', uniqueName('list-received'));
    const draft = await voIn('application_draft', uniqueName('list-draft'));
    const list = async (user: string, query = '') => {
      const response = await call(user, 'GET', `/api/vos?pageSize=100${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<VoList>();
    };
    const victor = await list('victor');
    expect(victor.items.map((item) => item.id)).toEqual(expect.arrayContaining([received.id, draft.id]));
    expect(victor.items.every((item) => item.mine && !item.waitingForReview)).toBe(true);
    const alice = await list('alice', `&q=${draft.name}`);
    expect(alice.items).toEqual([
      expect.objectContaining({ id: draft.id, mine: true, applicant: 'Victor Vogel', deputy: expect.any(String) }),
    ]);

    const sven = await list('sven');
    expect(sven.items.map((item) => item.id)).toContain(received.id);
    expect(sven.items.map((item) => item.id)).not.toContain(draft.id);
    const firstOther = sven.items.findIndex((item) => !item.waitingForReview);
    expect(firstOther === -1 || sven.items.slice(firstOther).every((item) => !item.waitingForReview)).toBe(true);
    expect(sven.items.find((item) => item.id === received.id)).toMatchObject({ waitingForReview: true, mine: false });

    expect((await list('nora')).items).toEqual([]);
    const filtered = await list('victor', '&state=application_draft');
    expect(filtered.items.every((item) => item.state === 'application_draft')).toBe(true);
    expect(filtered.total).toBe(filtered.items.length);
    const paged = await call('victor', 'GET', '/api/vos?pageSize=1&page=2&sort=name&order=asc');
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 1, items: [expect.any(Object)] });
    expect((await call('victor', 'GET', '/api/vos?state=nope')).statusCode).toBe(400);
    expect((await call('victor', 'GET', '/api/vos?q=%25')).statusCode).toBe(200);
  });
});
