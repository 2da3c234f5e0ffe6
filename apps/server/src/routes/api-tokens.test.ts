import { TOKEN_RATE_LIMIT, type ApiToken, type CreatedApiToken } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashApiToken } from '../auth/api-tokens.js';
import { apiTokens, auditEvents } from '../db/schema.js';
import { bearer, fromPortalPages, type TestMethod } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

/** With a person's session. */
const call = (username: string | null, method: TestMethod, url: string, payload?: object) =>
  env.inject(username, method, `/api${url}`, payload);

/** With a personal API token, as a script sends it: no cookie, no X-Requested-With. */
const withToken = (token: string, method: TestMethod, url: string, payload?: object, language = 'en') =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    ...(payload ? { payload } : {}),
    headers: { ...bearer(token), 'accept-language': language },
  });

const createToken = async (username: string, body: object = {}) => {
  const response = await call(username, 'POST', '/me/api-tokens', {
    name: 'sync',
    expiresInDays: 30,
    scopes: ['services:read'],
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
};

const onlineService = () =>
  createServiceInState(env.test.database.db, {
    state: 'service_online',
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });

describe('the own API tokens', () => {
  it('401 without a session, for every token route', async () => {
    for (const [method, url] of [
      ['GET', '/me/api-tokens'],
      ['POST', '/me/api-tokens'],
      ['DELETE', `/me/api-tokens/${crypto.randomUUID()}`],
      ['GET', '/api-tokens'],
      ['DELETE', `/api-tokens/${crypto.randomUUID()}`],
    ] as const)
      expect((await call(null, method, url, method === 'POST' ? {} : undefined)).statusCode, url).toBe(401);
  });

  it('creates one: the whole token this once, with its prefix; only the hash is stored; the list never shows it', async () => {
    const created = await createToken('alice', { name: 'catalogue sync', scopes: ['services:read', 'vos:read'] });
    expect(created.token).toMatch(/^nubes_pat_[\w-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'catalogue sync', scopes: ['services:read', 'vos:read'], lastUsedAt: null });
    const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);

    const [row] = await env.test.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.secretHash).toBe(hashApiToken(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(created.prefix.length));

    const list = await call('alice', 'GET', '/me/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.body).not.toContain(row!.secretHash);
    expect(list.json<{ items: ApiToken[] }>().items.map((t) => t.id)).toContain(created.id);
    // Nobody else's list holds it.
    expect((await call('bob', 'GET', '/me/api-tokens')).json<{ items: ApiToken[] }>().items).toEqual([]);

    const [event] = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, created.id));
    expect(event).toMatchObject({ action: 'apiToken.created', actorId: env.world.people.alice!.id });
    expect(JSON.stringify(event)).not.toContain(created.token);
  });

  it('400 for a bad name, an expiry beyond a year, no scope, an unknown scope, or one the roles do not allow; nothing stored', async () => {
    const before = await env.test.database.db.select().from(apiTokens);
    for (const body of [
      { name: '', expiresInDays: 30, scopes: ['services:read'] },
      { name: 'x', expiresInDays: 366, scopes: ['services:read'] },
      { name: 'x', expiresInDays: 30, scopes: [] },
      { name: 'x', expiresInDays: 30, scopes: ['events:write'] },
      { name: 'x', expiresInDays: 30, scopes: ['contacts:read'] },
    ]) {
      const response = await call('alice', 'POST', '/me/api-tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_input' });
    }
    expect(await env.test.database.db.select().from(apiTokens)).toHaveLength(before.length);
    // A contact manager may hold contacts:read.
    await createToken('carla', { scopes: ['contacts:read'] });
  });

  it('the owner revokes one: 404 for another person’s, and the token gets 401 at once with its words', async () => {
    const created = await createToken('alice');
    const service = await onlineService();
    expect((await withToken(created.token, 'GET', `/services/${service.id}`)).statusCode).toBe(200);

    expect((await call('bob', 'DELETE', `/me/api-tokens/${created.id}`)).statusCode).toBe(404);
    expect((await call('alice', 'DELETE', '/me/api-tokens/not-a-uuid')).statusCode).toBe(400);
    const revoked = await call('alice', 'DELETE', `/me/api-tokens/${created.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ApiToken>().revokedAt).not.toBeNull();

    const refused = await withToken(created.token, 'GET', `/services/${service.id}`);
    expect(refused.statusCode).toBe(401);
    expect(refused.json<{ message: string }>().message).toBe(
      'This API token was revoked. Create a new one in your profile.',
    );
    const german = await withToken(created.token, 'GET', `/services/${service.id}`, undefined, 'de');
    expect(german.json<{ message: string }>().message).toBe(
      'Dieses API-Token wurde widerrufen. Erstellen Sie in Ihrem Profil ein neues.',
    );
  });

  it('an expired token and an unknown one get 401, each with its words', async () => {
    const created = await createToken('alice');
    await env.test.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, created.id));
    const expired = await withToken(created.token, 'GET', '/services/mine');
    expect(expired.statusCode).toBe(401);
    expect(expired.json<{ message: string }>().message).toBe(
      'This API token has expired. Create a new one in your profile.',
    );
    const unknown = await withToken('nubes_pat_not-a-real-one', 'GET', '/services/mine');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json<{ message: string }>().message).toContain('not known');
  });
});

describe('the portal manager’s list of every token', () => {
  it('403 for everyone else; the manager sees every token with its owner and revokes any', async () => {
    const created = await createToken('bob');
    expect((await call('alice', 'GET', '/api-tokens')).statusCode).toBe(403);
    expect((await call('alice', 'DELETE', `/api-tokens/${created.id}`)).statusCode).toBe(403);
    const list = await call('admin', 'GET', '/api-tokens');
    expect(list.statusCode).toBe(200);
    const mine = list
      .json<{ items: (ApiToken & { owner: { username: string } })[] }>()
      .items.find((t) => t.id === created.id);
    expect(mine?.owner.username).toBe('bob');
    expect(list.body).not.toContain(created.token);
    expect((await call('admin', 'DELETE', `/api-tokens/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api-tokens/${created.id}`)).statusCode).toBe(200);
    expect((await withToken(created.token, 'GET', '/services/mine')).statusCode).toBe(401);
  });

  it('ending all sessions of a person revokes their tokens too', async () => {
    const created = await createToken('bob');
    expect((await withToken(created.token, 'GET', '/services/mine')).statusCode).toBe(200);
    const ended = await env.test.app.inject({
      method: 'DELETE',
      url: `/api/user-accounts/${env.world.people.bob!.id}/sessions`,
      headers: { ...env.as('admin'), ...fromPortalPages },
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await withToken(created.token, 'GET', '/services/mine')).statusCode).toBe(401);
  });
});

describe('what a token may do', () => {
  it('a route of its scope answers; a scope it lacks is 403; a route without a scope refuses every token', async () => {
    const created = await createToken('alice', { scopes: ['services:read'] });
    const service = await onlineService();
    expect((await withToken(created.token, 'GET', `/services/${service.id}`)).statusCode).toBe(200);
    expect((await withToken(created.token, 'GET', '/services?tab=catalogue')).statusCode).toBe(200);
    const noScope = await withToken(created.token, 'GET', `/services/${service.id}/resource-packages`);
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json<{ message: string }>().message).toBe('This API token’s scopes do not allow this request.');
    // Tokens never manage tokens, sessions or anything else without a scope.
    expect((await withToken(created.token, 'GET', '/me/api-tokens')).statusCode).toBe(403);
    expect((await withToken(created.token, 'POST', '/me/api-tokens', { name: 'x' })).statusCode).toBe(403);
    expect((await withToken(created.token, 'GET', '/sessions')).statusCode).toBe(403);
    // No more than the owner's roles: alice is no portfolio manager.
    const admin = await createToken('alice', { scopes: ['services:read', 'services:write'] });
    expect((await withToken(admin.token, 'GET', '/change-requests')).statusCode).toBe(403);
  });

  it('services:write proposes a change request, as the online form does, audited as by token <name> of <person>', async () => {
    const service = await onlineService();
    const reader = await createToken('alice', { scopes: ['services:read'] });
    const body = { fields: { shortDescription: 'Proposed by a script' } };
    expect((await withToken(reader.token, 'POST', `/services/${service.id}/change-requests`, body)).statusCode).toBe(
      403,
    );
    const writer = await createToken('alice', { name: 'deploy', scopes: ['services:read', 'services:write'] });
    // No X-Requested-With: the bearer header is no cookie a cross-site page could send.
    const proposed = await withToken(writer.token, 'POST', `/services/${service.id}/change-requests`, body);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const { id } = proposed.json<{ id: string }>();
    const handedIn = await withToken(writer.token, 'POST', `/change-requests/${id}/hand-in`, { version: 1 });
    expect(handedIn.statusCode, handedIn.body).toBe(200);
    // Deciding stays with the portfolio manager, on screen.
    expect((await withToken(writer.token, 'POST', `/change-requests/${id}/apply`, { version: 2 })).statusCode).toBe(
      403,
    );
    const events = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, id));
    expect(events.map((e) => [e.action, e.actorName, e.actorId])).toEqual([
      ['changeRequest.created', 'token "deploy" of alice', env.world.people.alice!.id],
      ['changeRequest.handedIn', 'token "deploy" of alice', env.world.people.alice!.id],
    ]);
    const tokens = (await call('alice', 'GET', '/me/api-tokens')).json<{ items: ApiToken[] }>().items;
    expect(tokens.find((t) => t.id === writer.id)?.lastUsedAt).not.toBeNull();
  });

  it('a person whose role was removed loses the right at once', async () => {
    const created = await createToken('carla', { scopes: ['contacts:read'] });
    expect((await withToken(created.token, 'GET', '/contacts')).statusCode).toBe(200);
    const account = await call('admin', 'GET', `/user-accounts/${env.world.people.carla!.id}`);
    const roles = account.json<{ roles: string[] }>().roles;
    const changed = await env.test.app.inject({
      method: 'PUT',
      url: `/api/user-accounts/${env.world.people.carla!.id}/roles`,
      payload: { roles: roles.filter((role) => role !== 'contactManager'), expected: roles },
      headers: { ...env.as('admin'), ...fromPortalPages },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await withToken(created.token, 'GET', '/contacts')).statusCode).toBe(403);
  });

  it(`answers 429 with Retry-After after ${TOKEN_RATE_LIMIT.requests} requests in a window, per token`, async () => {
    const busy = await createToken('alice', { scopes: ['vos:read'] });
    const other = await createToken('alice', { scopes: ['vos:read'] });
    for (let i = 0; i < TOKEN_RATE_LIMIT.requests; i++) {
      const response = await withToken(busy.token, 'GET', '/vo-settings');
      expect(response.statusCode).toBe(200);
    }
    const limited = await withToken(busy.token, 'GET', '/vo-settings');
    expect(limited.statusCode).toBe(429);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TOKEN_RATE_LIMIT.windowSeconds);
    expect(limited.json<{ message: string }>().message).toContain('Retry-After');
    // Another token of the same person, and the person's session, are not counted.
    expect((await withToken(other.token, 'GET', '/vo-settings')).statusCode).toBe(200);
    expect((await call('alice', 'GET', '/vo-settings')).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('describes the token scheme and each route’s scope', async () => {
    const document = (await env.test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/services/{id}'].get.security).toEqual([
      { bearer: [] },
      { apiToken: ['services:read'] },
    ]);
    expect(document.paths['/api/services/{id}/change-requests'].post.security).toEqual([
      { bearer: [] },
      { apiToken: ['services:write'] },
    ]);
    expect(document.paths['/api/me/api-tokens'].get.security).toEqual([{ bearer: [] }]);
  });
});
