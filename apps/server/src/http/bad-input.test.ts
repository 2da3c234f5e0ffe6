import { request as httpRequest } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, keywords, serviceComments, services } from '../db/schema.js';
import { bearer, createTestApp, fromPortalPages, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';

let test: TestApp;
let world: ServiceWorld;
let serviceId: string;

beforeAll(async () => {
  test = await createTestApp({ listen: true });
  world = await seedServiceWorld(test, await seedPrincipals(test));
  serviceId = (
    await createServiceInState(test.database.db, {
      objectOwnerId: world.people.alice!.id,
      providerInstitutionId: world.institutions.HPCN,
    })
  ).id;
});
afterAll(() => test.close());

const as = (username: string, extra: Record<string, string> = {}) => ({
  ...bearer(world.people[username]!.token),
  ...extra,
});

/** A raw JSON body, so escapes such as \u0000 and \ud800 reach the server exactly as written. */
const json = (username: string, method: 'POST' | 'PATCH', url: string, body: string) =>
  test.app.inject({ method, url, payload: body, headers: as(username, { 'content-type': 'application/json' }) });

const expectRefused = (
  response: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
  status = 400,
) => {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/json');
  const body = response.json() as { error: string; message: string; fields?: Record<string, string> };
  expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['error', 'message']));
  expect(Object.keys(body).every((key) => ['error', 'message', 'fields'].includes(key))).toBe(true);
  expect(body.error).toBe(status === 414 ? 'uri_too_long' : 'invalid_input');
  expect(typeof body.message).toBe('string');
  return body;
};

const count = async (table: typeof auditEvents | typeof keywords | typeof serviceComments | typeof services) =>
  (await test.database.db.select().from(table)).length;

/** A GET on a real socket: what Node refuses before Fastify sees it never reaches inject(). */
const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let data = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (data += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: data }));
    });
    request.on('error', reject);
    request.end();
  });

describe('NUL characters (ADR 0015)', () => {
  it('are refused in a path parameter and a query, before the database sees them', async () => {
    expectRefused(await test.app.inject({ method: 'GET', url: '/api/users/a%00b', headers: as('admin') }));
    expectRefused(await test.app.inject({ method: 'GET', url: '/api/users?q=ab%00', headers: as('admin') }));
    expectRefused(await test.app.inject({ method: 'GET', url: '/api/keywords?q=a%00', headers: as('alice') }));
    expectRefused(await test.app.inject({ method: 'GET', url: '/api/services?q=a%00b', headers: as('paula') }));
    // Outside the API too: static files and the dev IdP never see it.
    expectRefused(await test.app.inject({ method: 'GET', url: '/a%00b' }));
    expectRefused(await test.app.inject({ method: 'GET', url: '/dev-idp/a%00b' }));
  });

  it('are refused in a login, with nothing counted or audited', async () => {
    const events = await count(auditEvents);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"login":"ad\\u0000min","password":"x"}',
      headers: { ...fromPortalPages, 'content-type': 'application/json', 'accept-language': 'de' },
    });
    const body = expectRefused(response);
    expect(body.fields).toEqual({ login: 'Dieser Wert enthält unzulässige Zeichen' });
    expect(await count(auditEvents)).toBe(events);
  });

  it('are refused in a comment, a service name, a field value and a keyword; nothing is written', async () => {
    const before = await Promise.all([auditEvents, keywords, serviceComments, services].map((t) => count(t)));
    const [row] = await test.database.db.select().from(services).where(eq(services.id, serviceId));

    const comment = expectRefused(
      await json('alice', 'POST', `/api/services/${serviceId}/comments`, '{"text":"a\\u0000b"}'),
    );
    expect(comment.fields).toEqual({ text: 'This value contains characters that are not allowed' });
    expectRefused(await json('alice', 'POST', '/api/services', '{"name":"Stor\\u0000age"}'));
    expectRefused(
      await json(
        'alice',
        'PATCH',
        `/api/services/${serviceId}`,
        `{"version":${row!.version},"fields":{"shortDescription":"x\\u0000"}}`,
      ),
    );
    expectRefused(
      await json(
        'alice',
        'PATCH',
        `/api/services/${serviceId}`,
        `{"version":${row!.version},"fields":{"a\\u0000":"x"}}`,
      ),
    );
    expectRefused(await json('alice', 'POST', '/api/keywords', '{"names":["Clo\\u0000ud"]}'));

    expect(await Promise.all([auditEvents, keywords, serviceComments, services].map((t) => count(t)))).toEqual(before);
    const [after] = await test.database.db.select().from(services).where(eq(services.id, serviceId));
    expect(after!.version).toBe(row!.version);
  });
});

describe('lone UTF-16 surrogates', () => {
  it('are refused in a service name, a comment and a keyword instead of failing the audit or turning into U+FFFD', async () => {
    const before = await Promise.all([auditEvents, keywords, serviceComments, services].map((t) => count(t)));
    expectRefused(await json('alice', 'POST', '/api/services', '{"name":"Storage \\ud800"}'));
    expectRefused(await json('alice', 'POST', `/api/services/${serviceId}/comments`, '{"text":"\\udc00 hello"}'));
    expectRefused(await json('alice', 'POST', '/api/keywords', '{"names":["Cloud\\ud800"]}'));
    expect(await Promise.all([auditEvents, keywords, serviceComments, services].map((t) => count(t)))).toEqual(before);
  });

  it('a proper pair (an emoji) is still text', async () => {
    const response = await json('alice', 'POST', `/api/services/${serviceId}/comments`, '{"text":"ok \\ud83d\\ude00"}');
    expect(response.statusCode).toBe(201);
  });
});

describe('addresses Fastify refuses before any route', () => {
  it('a badly percent-encoded path is a 400 in the portal’s shape, in the caller’s language', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/api/services/%E0%A4%A',
      headers: as('paula', { 'accept-language': 'de' }),
    });
    const body = expectRefused(response);
    expect(body.message).toBe('Die Adresse der Anfrage ist ungültig.');
    expect(JSON.stringify(body)).not.toContain('FST_');
  });

  it('an overlong path parameter is a 414 in the portal’s shape', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: `/api/services/${'a'.repeat(5000)}`,
      headers: as('paula'),
    });
    const body = expectRefused(response, 414);
    expect(body.message).toBe('The address of the request is too long.');
  });

  it('a request line over Node’s header limit is a 414 in the portal’s shape, on a real socket', async () => {
    const { status, body } = await rawGet(`${test.listenUrl}/api/services?q=${'a'.repeat(20_000)}`);
    expect(status).toBe(414);
    expect(JSON.parse(body)).toEqual({ error: 'uri_too_long', message: 'The address of the request is too long.' });
  });

  it('headers over Node’s limit are a 431 in the portal’s shape', async () => {
    const { status, body } = await rawGet(`${test.listenUrl}/api/health`, { 'x-padding': 'a'.repeat(20_000) });
    expect(status).toBe(431);
    expect(JSON.parse(body)).toEqual({ error: 'header_too_large', message: 'The request headers are too large.' });
  });

  it('a wrong content type is a 415 and too large a body a 413, both in the portal’s shape', async () => {
    const wrongType = await test.app.inject({
      method: 'POST',
      url: '/api/keywords',
      payload: 'names=x',
      headers: as('alice', { 'content-type': 'application/x-www-form-urlencoded' }),
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ error: 'unsupported_media_type' });
    const tooLarge = await json('alice', 'POST', '/api/keywords', `{"names":["${'a'.repeat(2 * 1024 * 1024)}"]}`);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ error: 'payload_too_large' });
  });
});

describe('fields the API does not know', () => {
  it('are named one by one, in a query and in a body, in the caller’s language', async () => {
    const query = expectRefused(
      await test.app.inject({ method: 'GET', url: '/api/contacts?limit=2&q=a&offset=1', headers: as('admin') }),
    );
    expect(query.fields).toEqual({ limit: 'This field is not expected', offset: 'This field is not expected' });

    const body = expectRefused(
      await json('admin', 'POST', '/api/keywords', JSON.stringify({ names: ['grid'], colour: 'blue' })),
    );
    expect(body.fields).toEqual({ colour: 'This field is not expected' });

    const german = expectRefused(
      await test.app.inject({
        method: 'GET',
        url: '/api/contacts?limit=2',
        headers: as('admin', { 'accept-language': 'de' }),
      }),
    );
    expect(german.fields).toEqual({ limit: 'Dieses Feld wird nicht erwartet' });
  });
});
