import type { ClearFieldResponse, FieldListResponse } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, services } from '../db/schema.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const ids: Record<string, string> = {};

const person = (username: string) => env.world.people[username]!;

const call = (username: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  env.test.app.inject({
    method,
    url,
    payload: payload as object,
    headers: { ...(username ? bearer(person(username).token) : {}), 'accept-language': 'en' },
  });

const list = async (username: string, field: string, query = '') => {
  const response = await call(username, 'GET', `/api/service-fields/${field}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<FieldListResponse>();
};

const websiteOf = async (id: string) =>
  (await env.test.database.db.select().from(services).where(eq(services.id, id)))[0]!.fields.website;

const clearedEvents = async (id: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, id), eq(auditEvents.action, 'service.fieldCleared')));

beforeAll(async () => {
  const db = env.test.database.db;
  const make = async (key: string, state: Parameters<typeof createServiceInState>[1]['state'], website?: string) => {
    const row = await createServiceInState(db, {
      state,
      name: `Field ${key}`,
      objectOwnerId: person('alice').id,
      providerInstitutionId: env.world.institutions.HPCN,
      fields: website ? { shortDescription: `About ${key}`, website } : { shortDescription: `About ${key}` },
    });
    ids[key] = row.id;
  };
  await make('online', 'service_online', 'https://online.example.org');
  await make('planned', 'service_planned', 'https://planned.example.org');
  await make('draft', 'application_draft', 'https://draft.example.org');
  await make('retired', 'service_retired', 'https://retired.example.org');
  await make('empty', 'service_online');
  // bob's draft: neither alice nor ivan may see it; paula may.
  const bobs = await createServiceInState(db, {
    state: 'application_draft',
    name: 'Field bobs draft',
    objectOwnerId: person('bob').id,
    fields: { website: 'https://bob.example.org' },
  });
  ids.bobs = bobs.id;
});

describe('GET /api/service-fields/:field', () => {
  it('answers 401 without a session, 403 without the role, 400 for a field that is not listable', async () => {
    expect((await call(null, 'GET', '/api/service-fields/website')).statusCode).toBe(401);
    expect((await call('alice', 'GET', '/api/service-fields/website')).statusCode).toBe(403);
    expect((await call('nora', 'GET', '/api/service-fields/website')).statusCode).toBe(403);
    const unknown = await call('paula', 'GET', '/api/service-fields/name');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_input' });
    expect((await call('paula', 'GET', '/api/service-fields/keywords')).statusCode).toBe(400);
    expect((await call('paula', 'GET', '/api/service-fields/website?pageSize=500')).statusCode).toBe(400);
  });

  it('lists the services holding a value, drafts only for whom may see them, clearable only for the portfolio manager', async () => {
    const paula = await list('paula', 'website', 'q=field');
    expect(paula.items.map((row) => row.name)).toEqual([
      'Field bobs draft',
      'Field draft',
      'Field online',
      'Field planned',
      'Field retired',
    ]);
    expect(paula.fieldClearable).toBe(true);
    expect(paula.items.find((row) => row.name === 'Field online')).toMatchObject({
      value: 'https://online.example.org',
      clearable: true,
    });
    expect(paula.items.find((row) => row.name === 'Field retired')!.clearable).toBe(false);
    expect(paula.clearableTotal).toBe(4);

    const ivan = await list('ivan', 'website', 'q=field');
    expect(ivan.items.map((row) => row.name)).toEqual(['Field online', 'Field planned', 'Field retired']);
    expect(ivan.items.every((row) => !row.clearable)).toBe(true);
    expect(ivan.clearableTotal).toBe(0);

    const required = await list('paula', 'shortDescription', 'q=field');
    expect(required.fieldClearable).toBe(false);
    expect(required.total).toBe(5);
    expect(required.items.every((row) => !row.clearable)).toBe(true);
  });

  it('pages and sorts', async () => {
    const page = await list('paula', 'website', 'q=field&pageSize=2&page=2&sort=name&order=desc');
    expect(page.total).toBe(5);
    expect(page.items.map((row) => row.name)).toEqual(['Field online', 'Field draft']);
  });

  it('exports the listed rows as CSV in the caller’s language', async () => {
    const response = await env.test.app.inject({
      method: 'GET',
      url: '/api/service-fields/website/export.csv?q=field',
      headers: { ...bearer(person('ivan').token), 'accept-language': 'de' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Service-ID,Name,Status,Anbieter,Webseite');
    expect(lines).toHaveLength(4);
    expect(lines.some((line) => line.endsWith(',https://online.example.org'))).toBe(true);
  });
});

describe('POST /api/service-fields/:field/clear', () => {
  it('answers 401, 403 for the integration manager, 400 for required fields and bad bodies', async () => {
    const body = { scope: 'all', q: 'field', count: 1, listToken: 'x' };
    expect((await call(null, 'POST', '/api/service-fields/website/clear', body)).statusCode).toBe(401);
    expect((await call('ivan', 'POST', '/api/service-fields/website/clear', body)).statusCode).toBe(403);
    const required = await call('paula', 'POST', '/api/service-fields/shortDescription/clear', body);
    expect(required.statusCode).toBe(400);
    expect(required.json().message).toBe(
      'A step of the workflow requires this field; it cannot be cleared across services.',
    );
    expect((await call('paula', 'POST', '/api/service-fields/website/clear', { scope: 'all' })).statusCode).toBe(400);
    expect(
      (await call('paula', 'POST', '/api/service-fields/website/clear', { scope: 'selected', services: [] }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a stale count, token or version with 409 and writes nothing', async () => {
    const listed = await list('paula', 'website', 'q=field');
    const stale = await call('paula', 'POST', '/api/service-fields/website/clear', {
      scope: 'all',
      q: 'field',
      count: listed.clearableTotal + 1,
      listToken: listed.listToken,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The list changed since you looked at it. Check it again and confirm anew.');
    const online = listed.items.find((row) => row.name === 'Field online')!;
    const oldVersion = await call('paula', 'POST', '/api/service-fields/website/clear', {
      scope: 'selected',
      services: [{ id: online.id, version: online.version + 1 }],
    });
    expect(oldVersion.statusCode).toBe(409);
    // A retired service cannot be selected for clearing; nor one without a value.
    const retired = listed.items.find((row) => row.name === 'Field retired')!;
    const refused = await call('paula', 'POST', '/api/service-fields/website/clear', {
      scope: 'selected',
      services: [
        { id: online.id, version: online.version },
        { id: retired.id, version: retired.version },
      ],
    });
    expect(refused.statusCode).toBe(409);
    expect(await websiteOf(online.id)).toBe('https://online.example.org');
    expect(await clearedEvents(online.id)).toHaveLength(0);
  });

  it('clears the selected services: one event each, a new version, fresh lists', async () => {
    const before = await list('paula', 'website', 'q=field');
    const online = before.items.find((row) => row.name === 'Field online')!;
    const response = await call('paula', 'POST', '/api/service-fields/website/clear', {
      scope: 'selected',
      services: [{ id: online.id, version: online.version }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ClearFieldResponse>()).toEqual({ cleared: 1 });
    expect(await websiteOf(online.id)).toBeUndefined();
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, online.id));
    expect(row!.version).toBe(online.version + 1);
    const events = await clearedEvents(online.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: person('paula').id,
      before: { website: 'https://online.example.org' },
      after: { website: null },
    });
    const history = await call('paula', 'GET', `/api/services/${online.id}/history`);
    expect(history.json().items[0]).toMatchObject({
      action: 'service.fieldCleared',
      changes: [{ field: 'website', before: 'https://online.example.org', after: null }],
    });
    const after = await list('paula', 'website', 'q=field');
    expect(after.items.map((r) => r.name)).not.toContain('Field online');
    expect(after.listToken).not.toBe(before.listToken);
  });

  it('clears all listed services with the confirmed count and skips retired ones', async () => {
    const listed = await list('admin', 'website', 'q=field');
    expect(listed.clearableTotal).toBe(3);
    const response = await call('admin', 'POST', '/api/service-fields/website/clear', {
      scope: 'all',
      q: 'field',
      count: listed.clearableTotal,
      listToken: listed.listToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ cleared: 3 });
    for (const key of ['planned', 'draft', 'bobs']) {
      expect(await websiteOf(ids[key]!)).toBeUndefined();
      expect(await clearedEvents(ids[key]!)).toHaveLength(1);
    }
    expect(await websiteOf(ids.retired!)).toBe('https://retired.example.org');
    expect(await clearedEvents(ids.retired!)).toHaveLength(0);
    const again = await list('paula', 'website', 'q=field');
    expect(again.items.map((row) => row.name)).toEqual(['Field retired']);
    // The same confirmation once more: the list changed since.
    const repeated = await call('admin', 'POST', '/api/service-fields/website/clear', {
      scope: 'all',
      q: 'field',
      count: listed.clearableTotal,
      listToken: listed.listToken,
    });
    expect(repeated.statusCode).toBe(409);
  });
});
