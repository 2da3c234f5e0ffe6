import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, services } from '../db/schema.js';
import { bearer, createTestApp, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';

describe('service comments', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => principals.find((p) => p.username === name)!;
  let online: string;
  let draft: string;

  const post = (serviceId: string, user: string | null, payload: unknown) =>
    test.app.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/comments`,
      payload: payload as object,
      headers: user ? bearer(as(user).token) : {},
    });
  const list = (serviceId: string, user: string | null) =>
    test.app.inject({
      method: 'GET',
      url: `/api/services/${serviceId}/comments`,
      headers: user ? bearer(as(user).token) : {},
    });

  beforeAll(async () => {
    test = await createTestApp();
    principals = await seedPrincipals(test);
    const insert = async (serviceId: string, state: string) => {
      const [row] = await test.database.db
        .insert(services)
        .values({ serviceId, name: `Service ${serviceId}`, state, objectOwnerId: as('alice').id })
        .returning();
      return row!.id;
    };
    online = await insert('SVC-92001', 'integration_planned');
    draft = await insert('SVC-92002', 'application_draft');
  });
  afterAll(() => test.close());

  it('adds comments with an audit event and lists them oldest first', async () => {
    const first = await post(online, 'alice', { text: '  Please check the backup section.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: 'Please check the backup section.', author: 'Alice Adler' });
    const second = await post(online, 'ivan', { text: 'Integration planned for May.' });
    expect(second.statusCode).toBe(201);
    const third = await post(online, 'paula', { text: 'Thanks, both.' });
    expect(third.statusCode).toBe(201);

    const response = await list(online, 'desk');
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((c: { text: string }) => c.text)).toEqual([
      'Please check the backup section.',
      'Integration planned for May.',
      'Thanks, both.',
    ]);

    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, online), eq(auditEvents.action, 'service.comment.added')));
    expect(events).toHaveLength(3);
    expect(events.find((e) => e.actorName === 'ivan')?.after).toEqual({ comment: 'Integration planned for May.' });
  });

  it('refuses an empty comment with "Please add a text"', async () => {
    for (const payload of [{ text: '' }, { text: '   \n ' }, {}]) {
      const response = await post(online, 'alice', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ text: 'Please add a text' });
    }
    const german = await test.app.inject({
      method: 'POST',
      url: `/api/services/${online}/comments`,
      payload: { text: '' },
      headers: { ...bearer(as('alice').token), 'accept-language': 'de' },
    });
    expect(german.json().fields.text).not.toBe('Please add a text');
  });

  it('lets only the provider side, SPM and SIM comment (403), hides drafts (404), wants a login (401)', async () => {
    expect((await post(online, 'bob', { text: 'Me too' })).statusCode).toBe(403);
    expect((await post(online, 'desk', { text: 'Me too' })).statusCode).toBe(403);
    expect((await post(online, 'nora', { text: 'Me too' })).statusCode).toBe(404);
    expect((await post(draft, 'bob', { text: 'Me too' })).statusCode).toBe(404);
    expect((await post(draft, 'alice', { text: 'Draft note' })).statusCode).toBe(201);
    expect((await post(online, null, { text: 'Me too' })).statusCode).toBe(401);
    expect((await list(draft, 'bob')).statusCode).toBe(404);
    expect((await list(online, 'nora')).statusCode).toBe(404);
    expect((await list(online, null)).statusCode).toBe(401);
    expect((await list('00000000-0000-4000-8000-000000000000', 'paula')).statusCode).toBe(404);
    // Nothing of the refused ones was stored.
    expect((await list(online, 'alice')).json().items.map((c: { text: string }) => c.text)).not.toContain('Me too');
  });
});
