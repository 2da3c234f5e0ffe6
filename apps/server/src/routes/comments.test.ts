import type { ServiceState } from '@nubes/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, serviceComments, services } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('service comments', () => {
  const env = useTestApp();
  let online: string;
  let draft: string;

  const post = (serviceId: string, user: string | null, payload: unknown) =>
    env.test.app.inject({
      method: 'POST',
      url: `/api/services/${serviceId}/comments`,
      payload: payload as object,
      headers: env.as(user),
    });
  const list = (serviceId: string, user: string | null, query = '', language = 'en') =>
    env.test.app.inject({
      method: 'GET',
      url: `/api/services/${serviceId}/comments${query}`,
      headers: { ...env.as(user), 'accept-language': language },
    });
  let busy: string;

  beforeAll(async () => {
    const insert = async (serviceId: string, state: ServiceState) => {
      const [row] = await env.test.database.db
        .insert(services)
        .values({ serviceId, name: `Service ${serviceId}`, state, objectOwnerId: env.person('alice').id })
        .returning();
      return row!.id;
    };
    online = await insert('SVC-92001', 'integration_planned');
    draft = await insert('SVC-92002', 'application_draft');
    busy = await insert('SVC-92003', 'service_online');
  });

  it('adds comments with an audit event and lists them newest first', async () => {
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
      'Thanks, both.',
      'Integration planned for May.',
      'Please check the backup section.',
    ]);
    expect(response.json().nextCursor).toBeNull();

    const events = await env.test.database.db
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
    const german = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${online}/comments`,
      payload: { text: '' },
      headers: { ...env.as('alice'), 'accept-language': 'de' },
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

  describe('paging', () => {
    /** 230 comments: 60 in one microsecond, 40 a microsecond apart within one millisecond, the rest a minute apart. */
    let expected: string[];
    beforeAll(async () => {
      const at = (index: number) =>
        index < 60
          ? sql`timestamptz '2026-03-01 10:00:00.123456+00'`
          : index < 100
            ? sql`timestamptz '2026-03-01 10:00:00.124000+00' + ${index - 60} * interval '1 microsecond'`
            : sql`timestamptz '2026-03-01 10:00:00+00' + ${index} * interval '1 minute'`;
      await env.test.database.db.insert(serviceComments).values(
        Array.from({ length: 230 }, (_, index) => ({
          serviceId: busy,
          authorName: 'Alice Adler',
          text: `Comment ${index}`,
          createdAt: at(index),
        })),
      );
      const rows = await env.test.database.db
        .select({ id: serviceComments.id })
        .from(serviceComments)
        .where(eq(serviceComments.serviceId, busy))
        .orderBy(desc(serviceComments.createdAt), desc(serviceComments.id));
      expected = rows.map((row) => row.id);
    });

    it('answers 50 by default and walks every comment once with the cursor, newest first', async () => {
      const first = await list(busy, 'desk');
      expect(first.statusCode).toBe(200);
      expect(first.json().items).toHaveLength(50);
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await list(busy, 'desk', `?limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        const page = response.json() as { items: { id: string }[]; nextCursor: string | null };
        expect(page.items.length).toBeLessThanOrEqual(7);
        seen.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 100);
      expect(pages).toBe(Math.ceil(230 / 7));
      expect(seen).toEqual(expected);
    });

    it('answers at most 200 and refuses more (400)', async () => {
      const most = await list(busy, 'desk', '?limit=200');
      expect(most.json().items).toHaveLength(200);
      const rest = await list(busy, 'desk', `?limit=200&cursor=${most.json().nextCursor}`);
      expect(rest.json()).toMatchObject({ nextCursor: null });
      expect(rest.json().items).toHaveLength(30);
      for (const limit of ['201', '0', 'ten']) {
        const refused = await list(busy, 'desk', `?limit=${limit}`);
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ error: 'invalid_input', fields: { limit: expect.any(String) } });
      }
      expect((await list(busy, 'desk', '?limit=201')).json().fields.limit).toBe(
        'Please ask for at most 200 rows at a time',
      );
    });

    it('refuses a cursor it did not write with 400 in the caller language', async () => {
      const forged = Buffer.from('12.not-a-uuid').toString('base64url');
      for (const cursor of ['garbage!', forged, '', 'x'.repeat(300)]) {
        const response = await list(busy, 'desk', `?cursor=${cursor}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'invalid_input',
          fields: { cursor: 'This link to the next page is not valid. Please load the list again.' },
        });
      }
      const german = await list(busy, 'desk', '?cursor=garbage', 'de');
      expect(german.json().fields.cursor).toBe(
        'Dieser Verweis auf die nächste Seite ist ungültig. Bitte laden Sie die Liste neu.',
      );
      expect((await list(busy, 'desk', '?page=2')).statusCode).toBe(400);
    });

    it('keeps the checks before the paging: 401 without login, 404 for who may not see it', async () => {
      const cursor = (await list(busy, 'desk', '?limit=1')).json().nextCursor as string;
      expect((await list(busy, null, `?cursor=${cursor}`)).statusCode).toBe(401);
      expect((await list(busy, 'nora', `?cursor=${cursor}`)).statusCode).toBe(404);
      expect((await list(draft, 'bob', `?cursor=${cursor}`)).statusCode).toBe(404);
    });
  });
});
