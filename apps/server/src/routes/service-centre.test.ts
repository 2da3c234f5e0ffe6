import type { Role, ServiceDetail } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { services, users } from '../db/schema.js';
import { bearer, sessionToken } from '../test/harness.js';
import { useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
/** Tokens of the users this file adds to the demo people. */
const extra: Record<string, string> = {};

const tokenOf = (username: string) => extra[username] ?? env.world.people[username]!.token;
const call = (username: string | null, method: 'POST' | 'PATCH', url: string, payload: object, language = 'en') =>
  env.test.app.inject({
    method,
    url,
    payload,
    headers: { ...(username ? bearer(tokenOf(username)) : {}), 'accept-language': language },
  });

/** A user of the given roles at the given institution (or none). */
const addUser = async (username: string, roles: Role[], institutionId: string | null) => {
  const [row] = await env.test.database.db
    .insert(users)
    .values({ username, fullname: username, email: `${username}@example.org`, roles, institutionId })
    .returning();
  extra[username] = await sessionToken(env.test, row!);
};

const servicesNamed = (name: string) => env.test.database.db.select().from(services).where(eq(services.name, name));

beforeAll(async () => {
  await addUser('centreless', ['serviceProvider'], null);
  // A portfolio manager who also provides services: the one who creates services under any centre.
  await addUser('spm-provider', ['serviceProvider', 'servicePortfolioManager'], env.world.institutions.NUBES);
});

describe('the centre of a new service', () => {
  it('refuses a provider another centre with 403 in the caller’s language, and creates nothing', async () => {
    const refused = await call('alice', 'POST', '/api/services', {
      name: 'Elsewhere',
      providerInstitutionId: env.world.institutions.DCS,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Only the service portfolio manager can place a service under a centre other than your own.',
    });
    const german = await call(
      'alice',
      'POST',
      '/api/services',
      { name: 'Elsewhere', providerInstitutionId: null },
      'de',
    );
    expect(german.statusCode).toBe(403);
    expect(german.json().message).toBe(
      'Nur das Service-Portfoliomanagement kann einen Service einer anderen als Ihrer eigenen Einrichtung zuordnen.',
    );
    expect(await servicesNamed('Elsewhere')).toEqual([]);
  });

  it('creates a provider’s service under their own centre, named or not', async () => {
    const named = await call('alice', 'POST', '/api/services', {
      name: 'Own named',
      providerInstitutionId: env.world.institutions.HPCN,
    });
    expect(named.statusCode).toBe(201);
    expect(named.json<ServiceDetail>().providerInstitution?.id).toBe(env.world.institutions.HPCN);
    const unnamed = await call('bob', 'POST', '/api/services', { name: 'Own unnamed' });
    expect(unnamed.json<ServiceDetail>().providerInstitution?.id).toBe(env.world.institutions.DCS);
  });

  it('gives a provider without a centre a service without one, and refuses them every centre', async () => {
    const created = await call('centreless', 'POST', '/api/services', { name: 'No centre' });
    expect(created.statusCode).toBe(201);
    expect(created.json<ServiceDetail>().providerInstitution).toBeNull();
    const refused = await call('centreless', 'POST', '/api/services', {
      name: 'No centre either',
      providerInstitutionId: env.world.institutions.HPCN,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets the portfolio manager (and the portal manager) create under any centre', async () => {
    for (const [username, centre] of [
      ['spm-provider', env.world.institutions.KLC],
      ['admin', env.world.institutions.DCS],
    ] as const) {
      const response = await call(username, 'POST', '/api/services', {
        name: `By ${username}`,
        providerInstitutionId: centre,
      });
      expect(response.statusCode, username).toBe(201);
      expect(response.json<ServiceDetail>().providerInstitution?.id).toBe(centre);
    }
  });

  it('answers 401 without a token and 400 for a malformed centre', async () => {
    expect(
      (await call(null, 'POST', '/api/services', { name: 'X', providerInstitutionId: env.world.institutions.HPCN }))
        .statusCode,
    ).toBe(401);
    const bad = await call('alice', 'POST', '/api/services', { name: 'X', providerInstitutionId: 'HPCN' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
  });
});

describe('moving a service to another centre', () => {
  const aliceDraft = async (name: string) =>
    (await call('alice', 'POST', '/api/services', { name })).json<ServiceDetail>();

  it('refuses a provider with 403 and changes nothing', async () => {
    const draft = await aliceDraft('Stay north');
    const refused = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      name: 'Moved south',
      providerInstitutionId: env.world.institutions.DCS,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('forbidden');
    const [row] = await servicesNamed('Stay north');
    expect(row).toMatchObject({ providerInstitutionId: env.world.institutions.HPCN, version: draft.version });
    // Removing the centre is a move too.
    const removed = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      providerInstitutionId: null,
    });
    expect(removed.statusCode).toBe(403);
  });

  it('lets a provider keep the service’s centre or name their own', async () => {
    const draft = await aliceDraft('Kept north');
    const kept = await call('alice', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      name: 'Kept north, renamed',
      providerInstitutionId: env.world.institutions.HPCN,
    });
    expect(kept.statusCode).toBe(200);
    // A service bob administers at another centre keeps that centre when he saves it as it is.
    const [southern] = await servicesNamed('Kept north, renamed');
    await env.test.database.db
      .update(services)
      .set({ objectOwnerId: env.world.people.bob!.id })
      .where(eq(services.id, southern!.id));
    const bobSaves = await call('bob', 'PATCH', `/api/services/${draft.id}`, {
      version: southern!.version,
      name: 'Kept north by bob',
      providerInstitutionId: env.world.institutions.HPCN,
    });
    expect(bobSaves.statusCode).toBe(200);
  });

  it('lets the portfolio manager move any service to any centre', async () => {
    const draft = await aliceDraft('Moved by paula');
    const moved = await call('paula', 'PATCH', `/api/services/${draft.id}`, {
      version: draft.version,
      providerInstitutionId: env.world.institutions.REC,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<ServiceDetail>().providerInstitution?.id).toBe(env.world.institutions.REC);
  });

  it('answers 401 without a token and 400 for a malformed centre', async () => {
    const draft = await aliceDraft('Untouched');
    const payload = { version: draft.version, providerInstitutionId: env.world.institutions.DCS };
    expect((await call(null, 'PATCH', `/api/services/${draft.id}`, payload)).statusCode).toBe(401);
    const bad = await call('alice', 'PATCH', `/api/services/${draft.id}`, { ...payload, providerInstitutionId: 42 });
    expect(bad.statusCode).toBe(400);
    const [row] = await servicesNamed('Untouched');
    expect(row).toMatchObject({ providerInstitutionId: env.world.institutions.HPCN, version: draft.version });
  });
});

describe('GET /api/services/centre-choice', () => {
  const choiceOf = (username: string | null) =>
    env.test.app.inject({
      method: 'GET',
      url: '/api/services/centre-choice',
      headers: username ? bearer(tokenOf(username)) : {},
    });

  it('names the caller’s own centre, and whether they may choose any', async () => {
    expect((await choiceOf('alice')).json()).toEqual({
      anyCentre: false,
      own: { id: env.world.institutions.HPCN, abbreviation: 'HPCN', name: 'HPC Centre North' },
    });
    expect((await choiceOf('centreless')).json()).toEqual({ anyCentre: false, own: null });
    expect((await choiceOf('paula')).json()).toMatchObject({ anyCentre: true });
    expect((await choiceOf('admin')).json()).toMatchObject({ anyCentre: true });
    expect((await choiceOf(null)).statusCode).toBe(401);
  });
});
