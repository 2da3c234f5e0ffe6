import { reservedPrefixOf } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, institutions } from '../db/schema.js';
import { loadReservedVoNamePrefixes } from '../queries/vo-name-prefixes.js';
import { useTestApp } from '../test/harness.js';

describe('reserved VO name prefixes', () => {
  const env = useTestApp();
  const call = (user: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    env.test.app.inject({ method, url, payload: payload as object, headers: env.as(user) });

  beforeAll(async () => {
    await env.test.database.db.insert(institutions).values([
      { abbreviation: 'HPCN', name: 'HPC Centre North', isCentre: true },
      { abbreviation: 'UNI', name: 'A university', isCentre: false },
    ]);
  });

  it('lists the reserved prefixes beside the centres’ abbreviations, which count as reserved', async () => {
    const created = await call('admin', 'POST', '/api/vo-name-prefixes', { prefix: ' nubes ', note: 'The portal' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ prefix: 'nubes', note: 'The portal', version: 1 });
    expect((await call('admin', 'POST', '/api/vo-name-prefixes', { prefix: 'test' })).json()).toMatchObject({
      note: '',
    });
    const listed = (await call('admin', 'GET', '/api/vo-name-prefixes')).json();
    expect(listed.items.map((item: { prefix: string }) => item.prefix)).toEqual(['nubes', 'test']);
    expect(listed.centres).toEqual([expect.objectContaining({ abbreviation: 'HPCN', name: 'HPC Centre North' })]);

    const reserved = await loadReservedVoNamePrefixes(env.test.database.db);
    expect(reservedPrefixOf('hpcn-climate', reserved)).toBe('HPCN');
    expect(reservedPrefixOf('NUBES_ops', reserved)).toBe('nubes');
    expect(reservedPrefixOf('uni-climate', reserved)).toBeUndefined();

    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectId, created.json().id));
    expect(event).toMatchObject({ action: 'voNamePrefix.created', after: { prefix: 'nubes', note: 'The portal' } });
  });

  it('refuses a prefix reserved already in another case, and one no VO name could start with', async () => {
    const again = await call('admin', 'POST', '/api/vo-name-prefixes', { prefix: 'NUBES' });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toEqual({ prefix: 'This prefix is reserved already' });
    const bad = await call('admin', 'POST', '/api/vo-name-prefixes', { prefix: 'a b', note: 'x'.repeat(501) });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['note', 'prefix']);
    const german = await env.test.app.inject({
      method: 'POST',
      url: '/api/vo-name-prefixes',
      payload: { prefix: 'ä' },
      headers: { ...env.as('admin'), 'accept-language': 'de' },
    });
    expect(german.json().fields).toEqual({ prefix: 'Nur Buchstaben, Ziffern, - und _ verwenden' });
  });

  it('removes a prefix with the version read: a stale one is 409, a gone one 404', async () => {
    const [first] = (await call('admin', 'GET', '/api/vo-name-prefixes')).json().items as {
      id: string;
      version: number;
    }[];
    expect((await call('admin', 'DELETE', `/api/vo-name-prefixes/${first!.id}?version=2`)).statusCode).toBe(409);
    expect((await call('admin', 'DELETE', `/api/vo-name-prefixes/${first!.id}?version=1`)).statusCode).toBe(204);
    expect((await call('admin', 'DELETE', `/api/vo-name-prefixes/${first!.id}?version=1`)).statusCode).toBe(404);
    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'voNamePrefix.deleted'));
    expect(event).toMatchObject({ objectId: first!.id, before: { prefix: 'nubes', note: 'The portal' } });
  });

  it('is for the portal manager only', async () => {
    expect((await call(null, 'GET', '/api/vo-name-prefixes')).statusCode).toBe(401);
    for (const user of ['carla', 'paula', 'nora']) {
      expect((await call(user, 'GET', '/api/vo-name-prefixes')).statusCode).toBe(403);
      expect((await call(user, 'POST', '/api/vo-name-prefixes', { prefix: 'x' })).statusCode).toBe(403);
    }
  });
});
