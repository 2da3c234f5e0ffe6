import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, keywords } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('keywords', () => {
  const env = useTestApp();

  const create = (user: string | null, names: unknown) =>
    env.test.app.inject({
      method: 'POST',
      url: '/api/keywords',
      payload: { names } as object,
      headers: env.as(user),
    });
  const search = (user: string | null, q?: string) =>
    env.test.app.inject({
      method: 'GET',
      url: '/api/keywords',
      query: q === undefined ? {} : { q },
      headers: env.as(user),
    });
  const names = (response: { json(): { items: { name: string }[] } }) => response.json().items.map((k) => k.name);

  it('creates keywords, sorted by name, with one audit event each', async () => {
    const response = await create('alice', ['Storage', '  Machine   Learning ', 'HPC']);
    expect(response.statusCode).toBe(201);
    expect(names(response)).toEqual(['HPC', 'Machine Learning', 'Storage']);
    const events = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectType, 'keyword'));
    expect(events.map((e) => (e.after as { name: string }).name).sort()).toEqual([
      'HPC',
      'Machine Learning',
      'Storage',
    ]);
    expect(events.every((e) => e.action === 'keyword.created' && e.actorName === 'alice')).toBe(true);
  });

  it('answers existing names (case-insensitive, trimmed) instead of duplicating them', async () => {
    const [storage] = await env.test.database.db.select().from(keywords).where(eq(keywords.name, 'Storage'));
    const eventsBefore = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectType, 'keyword'));
    const response = await create('paula', [' storage', 'STORAGE', 'machine learning', 'Object Storage']);
    expect(response.statusCode).toBe(201);
    const items = response.json<{ items: { id: string; name: string }[] }>().items;
    expect(items.map((k) => k.name)).toEqual(['Machine Learning', 'Object Storage', 'Storage']);
    expect(items.find((k) => k.name === 'Storage')?.id).toBe(storage!.id);
    const all = await env.test.database.db.select().from(keywords);
    expect(all.filter((k) => k.name.toLowerCase() === 'storage')).toHaveLength(1);
    const eventsAfter = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectType, 'keyword'));
    // Only "Object Storage" was new.
    expect(eventsAfter.length - eventsBefore.length).toBe(1);
  });

  it('survives the same new name created by several requests at once', async () => {
    const responses = await Promise.all([1, 2, 3, 4].map(() => create('ivan', ['Quantum'])));
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(responses.map((r) => r.json().items[0].id));
    expect(ids.size).toBe(1);
    expect(await env.test.database.db.select().from(keywords).where(eq(keywords.name, 'Quantum'))).toHaveLength(1);
  });

  it('searches case-insensitively, names starting with the text first, then by name', async () => {
    await create('alice', ['Data Lake', 'Big Data', 'Metadata', 'Database', '100%_sure']);
    const response = await search('nora', 'DATA');
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(['Data Lake', 'Database', 'Big Data', 'Metadata']);
    expect(names(await search('alice', 'stor'))).toEqual(['Storage', 'Object Storage']);
    // LIKE wildcards typed by a person are plain characters.
    expect(names(await search('alice', '%_'))).toEqual(['100%_sure']);
    expect(names(await search('alice', '_'))).toEqual(['100%_sure']);
    expect(names(await search('alice', 'nothing like this'))).toEqual([]);
    const all = names(await search('alice'));
    expect(all).toEqual([...all].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it('answers at most 50', async () => {
    await create(
      'paula',
      Array.from({ length: 20 }, (_, i) => `Bulk ${String(i).padStart(2, '0')}`),
    );
    await create(
      'paula',
      Array.from({ length: 20 }, (_, i) => `Bulk ${20 + i}`),
    );
    await create(
      'paula',
      Array.from({ length: 20 }, (_, i) => `Bulk ${40 + i}`),
    );
    expect(names(await search('alice', 'bulk'))).toHaveLength(50);
  });

  it('refuses bad input and callers without the role', async () => {
    expect((await create('alice', [])).statusCode).toBe(400);
    expect((await create('alice', ['   '])).statusCode).toBe(400);
    expect((await create('alice', ['x'.repeat(61)])).statusCode).toBe(400);
    expect((await create('alice', 'Storage')).statusCode).toBe(400);
    expect((await search('alice', 'x'.repeat(101))).statusCode).toBe(400);
    expect((await create('nora', ['Nora'])).statusCode).toBe(403);
    expect((await create('carla', ['Carla'])).statusCode).toBe(403);
    expect((await create(null, ['Anonymous'])).statusCode).toBe(401);
    expect((await search(null, 'a')).statusCode).toBe(401);
    expect(await env.test.database.db.select().from(keywords).where(eq(keywords.name, 'Nora'))).toHaveLength(0);
  });
});
