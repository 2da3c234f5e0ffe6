import type { CreatedApiToken, EventFeedPage, ServiceDetail } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { bearer } from '../test/harness.js';
import { useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const as = (username: string) => bearer(env.world.people[username]!.token);
const call = (username: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  env.test.app.inject({ method, url, payload: payload as object, headers: username ? as(username) : {} });

const feed = async (username: string, query = '') => {
  const response = await call(username, 'GET', `/api/events${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EventFeedPage>();
};

/** Every page of the feed after the cursor, as a reader that polls would collect them. */
const readAll = async (username: string, after?: string) => {
  const items: EventFeedPage['items'] = [];
  let cursor = after;
  for (;;) {
    const page = await feed(username, `?limit=2${cursor ? `&after=${cursor}` : ''}`);
    items.push(...page.items);
    if (page.nextCursor === cursor) return { items, cursor };
    cursor = page.nextCursor;
  }
};

/**
 * Reads the feed after the cursor until what arrived holds what the test waits for. The feed holds
 * back events newer than the oldest transaction still open (docs/adr/0120-event-feed-and-signed-webhooks.md),
 * which PostgreSQL takes across its cluster, where other test files' databases run their own writes.
 */
const readUntil = async (
  username: string,
  after: string | undefined,
  arrived: (items: EventFeedPage['items']) => boolean,
) => {
  const items: EventFeedPage['items'] = [];
  let cursor = after;
  await vi.waitFor(
    async () => {
      const page = await readAll(username, cursor);
      items.push(...page.items);
      cursor = page.cursor;
      expect(arrived(items)).toBe(true);
    },
    { timeout: 15_000, interval: 100 },
  );
  return { items, cursor };
};

const draft = async (username: string, name: string) => {
  const response = await call(username, 'POST', '/api/services', {
    name,
    fields: { shortDescription: 'Before', website: 'https://www.example.org' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ServiceDetail>();
};

const token = async (username: string, scopes: string[]) => {
  const response = await call(username, 'POST', '/api/me/api-tokens', { name: 'feed', expiresInDays: 7, scopes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>().token;
};

describe('GET /api/events', () => {
  it('401 without a session; 400 for a cursor it never gave or a limit out of range', async () => {
    expect((await call(null, 'GET', '/api/events')).statusCode).toBe(401);
    for (const query of ['?after=bm9wZQ', '?after=%00', '?limit=0', '?limit=201', '?limit=x']) {
      const response = await call('alice', 'GET', `/api/events${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_input' });
    }
  });

  it('a token needs events:read: 403 without it, the feed with it', async () => {
    const readServices = await token('alice', ['services:read']);
    const refused = await env.test.app.inject({ method: 'GET', url: '/api/events', headers: bearer(readServices) });
    expect(refused.statusCode).toBe(403);
    const readEvents = await token('alice', ['events:read']);
    const allowed = await env.test.app.inject({ method: 'GET', url: '/api/events', headers: bearer(readEvents) });
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('gives each event once, in order, with its type, public id, link and public changes; the cursor waits at the end', async () => {
    const { cursor: start } = await readAll('admin');
    const service = await draft('alice', 'Feed Storage');
    const patched = await call('alice', 'PATCH', `/api/services/${service.id}`, {
      version: service.version,
      fields: { shortDescription: 'After' },
      weighting: { initiatedBy: 'centre' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const stepped = await call('alice', 'POST', `/api/services/${service.id}/transitions`, {
      action: 'withdrawApplication',
      version: patched.json<ServiceDetail>().version,
    });
    expect(stepped.statusCode, stepped.body).toBe(200);

    const { items, cursor } = await readUntil(
      'admin',
      start,
      (arrived) => arrived.filter((event) => event.object.id === service.serviceId).length >= 3,
    );
    const mine = items.filter((event) => event.object.id === service.serviceId);
    expect(mine.map((event) => event.type)).toEqual(['service.created', 'service.changed', 'service.stateChanged']);
    expect(mine[0]).toMatchObject({
      object: { type: 'service', id: service.serviceId, link: `${env.test.config.publicUrl}/sc/service/${service.id}` },
      changes: { name: { old: null, new: 'Feed Storage' }, state: { old: null, new: 'application_draft' } },
    });
    // The weighting is no public value: only the short description's change is named.
    expect(mine[1]!.changes).toEqual({ shortDescription: { old: 'Before', new: 'After' } });
    expect(mine[2]!.changes).toEqual({ state: { old: 'application_draft', new: 'application_withdrawn' } });
    expect(new Set(items.map((event) => event.id)).size).toBe(items.length);
    expect((await feed('admin', `?after=${cursor}`)).items).toEqual([]);
    expect((await feed('admin', `?after=${cursor}`)).nextCursor).toBe(cursor);
  });

  it('leaves out what the reader may not see: another provider’s draft is not in bob’s feed', async () => {
    const { cursor: bobStart } = await readAll('bob');
    const { cursor: aliceStart } = await readAll('alice');
    const hidden = await draft('alice', 'Alice’s Secret Draft');
    const own = await draft('bob', 'Bob’s Own Draft');
    const bobs = (
      await readUntil('bob', bobStart, (arrived) => arrived.some((event) => event.object.id === own.serviceId))
    ).items.map((event) => event.object.id);
    expect(bobs).toContain(own.serviceId);
    expect(bobs).not.toContain(hidden.serviceId);
    const alices = (
      await readUntil('alice', aliceStart, (arrived) => arrived.some((event) => event.object.id === hidden.serviceId))
    ).items.map((event) => event.object.id);
    expect(alices).toContain(hidden.serviceId);
    expect(alices).not.toContain(own.serviceId);
  });
});
