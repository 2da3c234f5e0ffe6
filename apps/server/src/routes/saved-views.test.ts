import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('saved views', () => {
  const env = useTestApp();
  const call = (
    user: string | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    env.test.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...env.as(user), ...headers },
    });

  it('saves a view of a list and lists only the caller’s own, by list and name', async () => {
    const created = await call('paula', 'POST', '/api/saved-views', {
      list: 'portfolio',
      name: '  Storage in the pipeline ',
      query: 'tab=pipeline&q=storage',
      columns: ['serviceId', 'name', 'state'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      list: 'portfolio',
      name: 'Storage in the pipeline',
      query: 'tab=pipeline&q=storage',
      columns: ['serviceId', 'name', 'state'],
      version: 1,
    });
    await call('paula', 'POST', '/api/saved-views', { list: 'portfolio', name: 'all online' });
    await call('paula', 'POST', '/api/saved-views', { list: 'integration', name: 'HPCN', query: 'provider=x' });
    await call('ivan', 'POST', '/api/saved-views', { list: 'portfolio', name: 'Mine' });

    const mine = (await call('paula', 'GET', '/api/saved-views?list=portfolio')).json();
    expect(mine.items.map((view: { name: string }) => view.name)).toEqual(['all online', 'Storage in the pipeline']);
    const all = (await call('paula', 'GET', '/api/saved-views')).json();
    expect(all.items.map((view: { list: string }) => view.list)).toEqual(['integration', 'portfolio', 'portfolio']);
    expect((await call('ivan', 'GET', '/api/saved-views')).json().items).toHaveLength(1);

    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectId, created.json().id));
    expect(event).toMatchObject({
      action: 'savedView.created',
      objectType: 'savedView',
      after: { list: 'portfolio', name: 'Storage in the pipeline', query: 'tab=pipeline&q=storage' },
    });
  });

  it('answers 400 for bad input and a name the caller uses for the list already, in the caller’s language', async () => {
    const taken = await call('paula', 'POST', '/api/saved-views', { list: 'portfolio', name: 'all online' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      error: 'invalid_input',
      fields: { name: 'You have a view of this list with this name already' },
    });
    // Another list, or another person, may use the name.
    expect((await call('paula', 'POST', '/api/saved-views', { list: 'mine', name: 'all online' })).statusCode).toBe(
      201,
    );
    const bad = await call(
      'paula',
      'POST',
      '/api/saved-views',
      { list: 'elsewhere', name: ' ', query: '?q=x', columns: 'name' },
      { 'accept-language': 'de' },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['columns', 'list', 'name', 'query']);
    expect(bad.json().fields.name).toBe('Bitte geben Sie der Ansicht einen Namen');
    expect((await call('paula', 'GET', '/api/saved-views?list=nowhere')).statusCode).toBe(400);
    expect((await call('paula', 'PATCH', '/api/saved-views/not-a-uuid', { version: 1 })).statusCode).toBe(400);
  });

  it('renames and updates with the version read: 409 when stale, nothing written when nothing changes', async () => {
    const [view] = (await call('paula', 'GET', '/api/saved-views?list=integration')).json().items;
    const renamed = await call('paula', 'PATCH', `/api/saved-views/${view.id}`, { name: 'HPC North', version: 1 });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'HPC North', query: 'provider=x', version: 2 });

    const stale = await call('paula', 'PATCH', `/api/saved-views/${view.id}`, { query: 'q=hpc', version: 1 });
    expect(stale.statusCode).toBe(409);

    const updated = await call('paula', 'PATCH', `/api/saved-views/${view.id}`, {
      query: 'q=hpc',
      columns: ['name'],
      version: 2,
    });
    expect(updated.json()).toMatchObject({ name: 'HPC North', query: 'q=hpc', columns: ['name'], version: 3 });
    const same = await call('paula', 'PATCH', `/api/saved-views/${view.id}`, { name: 'HPC North', version: 3 });
    expect(same.json().version).toBe(3);

    const events = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, view.id));
    expect(events.filter((e) => e.action === 'savedView.updated').map((e) => e.after)).toEqual([
      { name: 'HPC North' },
      { query: 'q=hpc', columns: ['name'] },
    ]);

    const [other] = (await call('paula', 'GET', '/api/saved-views?list=portfolio')).json().items;
    const clash = await call('paula', 'PATCH', `/api/saved-views/${other.id}`, {
      name: 'Storage in the pipeline',
      version: other.version,
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fields).toEqual({ name: 'You have a view of this list with this name already' });
  });

  it('hides another person’s views: reading, changing and deleting them looks like not-found', async () => {
    const [view] = (await call('ivan', 'GET', '/api/saved-views')).json().items;
    expect(
      (await call('paula', 'PATCH', `/api/saved-views/${view.id}`, { name: 'Taken', version: 1 })).statusCode,
    ).toBe(404);
    expect((await call('paula', 'DELETE', `/api/saved-views/${view.id}?version=1`)).statusCode).toBe(404);
    expect((await call('ivan', 'GET', '/api/saved-views')).json().items[0]).toMatchObject({ name: 'Mine', version: 1 });
  });

  it('deletes with the version read: 409 when stale, 404 once gone, with its audit event', async () => {
    const [view] = (await call('paula', 'GET', '/api/saved-views?list=mine')).json().items;
    expect((await call('paula', 'DELETE', `/api/saved-views/${view.id}?version=2`)).statusCode).toBe(409);
    expect((await call('paula', 'DELETE', `/api/saved-views/${view.id}?version=1`)).statusCode).toBe(204);
    expect((await call('paula', 'DELETE', `/api/saved-views/${view.id}?version=1`)).statusCode).toBe(404);
    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'savedView.deleted'));
    expect(event).toMatchObject({ objectId: view.id, before: { list: 'mine', name: 'all online' } });
  });

  it('needs a login', async () => {
    expect((await call(null, 'GET', '/api/saved-views')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/saved-views', { list: 'portfolio', name: 'x' })).statusCode).toBe(401);
    expect((await call('nora', 'GET', '/api/saved-views')).statusCode).toBe(200);
  });
});
