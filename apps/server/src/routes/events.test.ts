import type { CreatedApiToken, Downtime, EventFeedPage, ServiceDetail } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { downtimesJob } from '../commands/downtimes.js';
import { auditEvents } from '../db/schema.js';
import { createScheduler } from '../scheduler/scheduler.js';
import { bearer } from '../test/harness.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';

/** The portal's clock for timed work (the downtimes); the tests move it, wall time never matters. */
let now = new Date('2027-03-01T09:00:00Z');
const env = useServiceWorld({ clock: () => now });
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
 * Reads the feed after the cursor again and again until `done` holds of what arrived and where the
 * cursor stands. The feed holds back events newer than the oldest transaction still open
 * (docs/adr/0120-event-feed-and-signed-webhooks.md), which PostgreSQL takes across its cluster,
 * where other test files' databases run their own writes.
 */
const readOnUntil = async (
  username: string,
  after: string | undefined,
  done: (items: EventFeedPage['items'], cursor: string | undefined) => boolean,
) => {
  const items: EventFeedPage['items'] = [];
  let cursor = after;
  await vi.waitFor(
    async () => {
      const page = await readAll(username, cursor);
      items.push(...page.items);
      cursor = page.cursor;
      expect(done(items, cursor)).toBe(true);
    },
    { timeout: 15_000, interval: 100 },
  );
  return { items, cursor };
};

/** Reads the feed after the cursor until what arrived holds what the test waits for. */
const readUntil = (username: string, after: string | undefined, arrived: (items: EventFeedPage['items']) => boolean) =>
  readOnUntil(username, after, arrived);

/** The feed's place of an event, as its opaque cursor holds it: the writing transaction's id and the event's place. */
const positionOf = async (eventId: string) => {
  const [row] = await env.test.database.db
    .select({ txId: auditEvents.txId, seq: auditEvents.seq })
    .from(auditEvents)
    .where(eq(auditEvents.id, eventId));
  return [row!.txId, row!.seq] as const;
};
const cursorAt = (cursor: string) =>
  Buffer.from(cursor, 'base64url').toString('latin1').split('.').map(Number) as [number, number];

/**
 * Everything a reader gets after the cursor until the cursor has passed the event: a reader who may
 * not see the event has no item to wait for, but the cursor moves past what the feed read.
 */
const readPast = async (username: string, after: string | undefined, eventId: string) => {
  const [txId, seq] = await positionOf(eventId);
  const { items } = await readOnUntil(username, after, (_items, cursor) => {
    const [atTx, atSeq] = cursor ? cursorAt(cursor) : [0, 0];
    return atTx > txId || (atTx === txId && atSeq >= seq);
  });
  return items;
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

describe('downtimes in the feed', () => {
  const hours = (n: number) => new Date(now.getTime() + n * 60 * 60 * 1000).toISOString();
  const announce = async (serviceId: string, body: object) => {
    const response = await call('alice', 'POST', `/api/services/${serviceId}/downtimes`, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Downtime>();
  };
  const current = async (serviceId: string, id: string) => {
    const response = await call('alice', 'GET', `/api/services/${serviceId}/downtimes`);
    return response.json<{ items: Downtime[] }>().items.find((downtime) => downtime.id === id)!;
  };
  const act = async (url: string, payload: object) => {
    const response = await call('alice', 'POST', url, payload);
    expect(response.statusCode, response.body).toBe(200);
  };

  it('announced, started by the job, extended, ended and cancelled: in order, with what the calendar shows', async () => {
    now = new Date('2027-03-01T09:00:00Z');
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: env.world.people.alice!.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
    const starts = { admin: (await readAll('admin')).cursor, bob: (await readAll('bob')).cursor };
    const carlaStart = (await readAll('carla')).cursor;

    const outage = await announce(service.id, {
      severity: 'outage',
      startsAt: hours(24),
      endsAt: hours(26),
      descriptionEn: 'Storage upgrade',
      descriptionDe: 'Speicher-Erweiterung',
    });
    now = new Date(Date.parse(outage.startsAt) + 30 * 60 * 1000);
    const scheduler = createScheduler({
      writes: writesFor(env.test.database),
      jobs: [downtimesJob('Nubes')],
      clock: () => now,
    });
    expect(await scheduler.runJob('downtimes', { force: true })).toBe('ran');
    const extendedTo = new Date(Date.parse(outage.endsAt) + 2 * 60 * 60 * 1000).toISOString();
    await act(`/api/downtimes/${outage.id}/extension`, {
      endsAt: extendedTo,
      version: (await current(service.id, outage.id)).version,
    });
    await act(`/api/downtimes/${outage.id}/end`, { version: (await current(service.id, outage.id)).version });
    const endedAt = (await current(service.id, outage.id)).endsAt;
    const degraded = await announce(service.id, {
      severity: 'degraded',
      startsAt: hours(48),
      endsAt: hours(50),
      descriptionEn: 'Slower network',
      descriptionDe: '',
    });
    await act(`/api/downtimes/${degraded.id}/cancellation`, { version: degraded.version });

    const theirs = (items: EventFeedPage['items']) => items.filter((event) => event.object.id === service.serviceId);
    const { items } = await readUntil('admin', starts.admin, (arrived) => theirs(arrived).length >= 8);
    const events = theirs(items);
    expect(events.map((event) => event.type)).toEqual([
      'downtime.announced',
      'downtime.started',
      'service.stateChanged',
      'downtime.changed',
      'downtime.ended',
      'service.stateChanged',
      'downtime.announced',
      'downtime.cancelled',
    ]);
    expect(events.every((event) => event.object.type === 'service')).toBe(true);
    expect(events[0]!.object.link).toBe(`${env.test.config.publicUrl}/sc/service/${service.id}`);

    const outageValues = {
      downtimeId: outage.id,
      severity: 'outage',
      startsAt: outage.startsAt,
      endsAt: outage.endsAt,
      descriptionEn: 'Storage upgrade',
      descriptionDe: 'Speicher-Erweiterung',
    };
    const unchanged = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { old: value, new: value }]));
    expect(events[0]!.changes).toEqual(
      Object.fromEntries(Object.entries(outageValues).map(([key, value]) => [key, { old: null, new: value }])),
    );
    expect(events[1]!.changes).toEqual(unchanged(outageValues));
    expect(events[2]!.changes).toEqual({ state: { old: 'service_online', new: 'service_not_available' } });
    expect(events[3]!.changes).toEqual({
      ...unchanged(outageValues),
      endsAt: { old: outage.endsAt, new: extendedTo },
    });
    // Ended early: the end moves from the extended one to the moment it was ended.
    expect(events[4]!.changes).toEqual({
      ...unchanged({ ...outageValues, endsAt: extendedTo }),
      endsAt: { old: extendedTo, new: endedAt },
    });
    expect(events[5]!.changes).toEqual({ state: { old: 'service_not_available', new: 'service_online' } });
    expect(events[7]!.changes).toEqual(
      unchanged({
        downtimeId: degraded.id,
        severity: 'degraded',
        startsAt: degraded.startsAt,
        endsAt: degraded.endsAt,
        descriptionEn: 'Slower network',
        descriptionDe: '',
      }),
    );
    // Nothing internal: neither how it ended nor the notice or state it restores.
    expect(JSON.stringify(events)).not.toMatch(/early|restore|notice/i);

    // A provider of another centre reads a catalogue service's downtimes as its list and the public
    // calendar give them; carla, who may see no service, gets none of them.
    const bobs = await readUntil('bob', starts.bob, (arrived) => theirs(arrived).length >= 8);
    expect(theirs(bobs.items).map((event) => event.id)).toEqual(events.map((event) => event.id));
    const carlas = await readPast('carla', carlaStart, events.at(-1)!.id);
    expect(theirs(carlas)).toEqual([]);
  });

  it('a token without events:read gets 403 for the feed that holds them; no session 401', async () => {
    const readServices = await token('bob', ['services:read']);
    expect(
      (await env.test.app.inject({ method: 'GET', url: '/api/events', headers: bearer(readServices) })).statusCode,
    ).toBe(403);
    expect((await call(null, 'GET', '/api/events?limit=5')).statusCode).toBe(401);
  });
});
