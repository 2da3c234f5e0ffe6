import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../db/schema.js';
import { bearer, createTestApp, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';

describe('mail routes', () => {
  let test: TestApp;
  let principals: TestPrincipal[];
  const as = (name: string) => principals.find((p) => p.username === name)!;

  beforeAll(async () => {
    test = await createTestApp({ env: { SMTP_URL: 'smtp://mailer:very-secret@127.0.0.1:1' } });
    principals = await seedPrincipals(test);
    await test.database.db.insert(mailOutbox).values([
      {
        kind: 'workflowStep',
        toAddress: 'a@example.org',
        subject: 'First',
        body: 'secret body',
        state: 'sent',
        tries: 1,
      },
      {
        kind: 'commentAdded',
        toAddress: 'b@example.org',
        subject: 'Second',
        body: 'x',
        state: 'failed',
        tries: 8,
        lastError: '550 unknown user',
      },
    ]);
  });
  afterAll(() => test.close());

  const get = (url: string, user: string | null) =>
    test.app.inject({ method: 'GET', url, headers: user ? bearer(as(user).token) : {} });
  const put = (user: string | null, payload: unknown) =>
    test.app.inject({
      method: 'PUT',
      url: '/api/me/mail-settings',
      payload: payload as object,
      headers: user ? bearer(as(user).token) : {},
    });

  it('shows the outbox to the portal manager only, without bodies or SMTP settings', async () => {
    expect((await get('/api/mail/outbox', null)).statusCode).toBe(401);
    expect((await get('/api/mail/outbox', 'paula')).statusCode).toBe(403);
    const response = await get('/api/mail/outbox', 'admin');
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.total).toBe(2);
    expect(answer.items.map((m: { subject: string }) => m.subject).sort()).toEqual(['First', 'Second']);
    expect(answer.items.find((m: { state: string }) => m.state === 'failed')).toMatchObject({
      to: 'b@example.org',
      tries: 8,
      lastError: '550 unknown user',
    });
    expect(response.body).not.toContain('secret body');
    expect(response.body).not.toContain('very-secret');
    const failed = await get('/api/mail/outbox?state=failed', 'admin');
    expect(failed.json().items).toHaveLength(1);
    expect((await get('/api/mail/outbox?state=lost', 'admin')).statusCode).toBe(400);
    expect((await get('/api/mail/outbox?limit=0', 'admin')).statusCode).toBe(400);
  });

  it('reads and changes the own mail settings with a version check and an audit event', async () => {
    expect((await get('/api/me/mail-settings', null)).statusCode).toBe(401);
    const initial = await get('/api/me/mail-settings', 'nora');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({ version: 1, language: 'en', disabledKinds: [] });
    expect(initial.json().email).toContain('@');

    expect((await put(null, { version: 1, language: 'de', disabledKinds: [] })).statusCode).toBe(401);
    const bad = await put('nora', { version: 1, language: 'fr', disabledKinds: ['spam'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_input');
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['language']));

    const saved = await put('nora', { version: 1, language: 'de', disabledKinds: ['commentAdded', 'workflowStep'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ version: 2, language: 'de', disabledKinds: ['commentAdded', 'workflowStep'] });
    expect((await put('nora', { version: 1, language: 'en', disabledKinds: [] })).statusCode).toBe(409);
    expect((await get('/api/me/mail-settings', 'nora')).json()).toMatchObject({ version: 2, language: 'de' });
    // Another user's settings are their own.
    expect((await get('/api/me/mail-settings', 'alice')).json()).toMatchObject({ version: 1, language: 'en' });

    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, as('nora').id), eq(auditEvents.action, 'user.mailSettings.updated')));
    expect(events).toHaveLength(1);
    expect(events[0]!.after).toEqual({ language: 'de', disabledKinds: ['commentAdded', 'workflowStep'] });
  });
});

describe('the outbox a page at a time', () => {
  let test: TestApp;
  let admin: TestPrincipal;
  /** Every mail's id newest first, and those that failed. */
  let all: string[];
  let failedOnes: string[];

  beforeAll(async () => {
    test = await createTestApp();
    admin = (await seedPrincipals(test)).find((p) => p.username === 'admin')!;
    // 250 mails: 120 queued in one transaction (one moment), the others a second apart.
    await test.database.db.insert(mailOutbox).values(
      Array.from({ length: 250 }, (_, index) => ({
        kind: 'workflowStep',
        toAddress: `person${index}@example.org`,
        subject: `Mail ${index}`,
        body: 'x',
        state: index % 3 === 0 ? 'failed' : 'sent',
        createdAt:
          index < 120
            ? sql`timestamptz '2026-04-01 08:00:00.000001+00'`
            : sql`timestamptz '2026-04-01 08:00:00+00' + ${index} * interval '1 second'`,
      })),
    );
    const ordered = await test.database.db
      .select({ id: mailOutbox.id, state: mailOutbox.state })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
    all = ordered.map((row) => row.id);
    failedOnes = ordered.filter((row) => row.state === 'failed').map((row) => row.id);
  });
  afterAll(() => test.close());

  const get = (query: string, language = 'en') =>
    test.app.inject({
      method: 'GET',
      url: `/api/mail/outbox${query}`,
      headers: { ...bearer(admin.token), 'accept-language': language },
    });

  const walk = async (query: string) => {
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages += 1) {
      const response = await get(`?${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: { id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return seen;
  };

  it('answers 50 newest first by default, with the count of all, and the cursor of the next page', async () => {
    const first = (await get('')).json();
    expect(first.items).toHaveLength(50);
    expect(first.total).toBe(250);
    expect(first.items.map((m: { id: string }) => m.id)).toEqual(all.slice(0, 50));
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('walks every mail once, of all states and of one', async () => {
    expect(await walk('limit=40')).toEqual(all);
    expect(await walk('limit=9&state=failed')).toEqual(failedOnes);
  });

  it('answers at most 200 mails at once and refuses a bad cursor, in the caller language', async () => {
    expect((await get('?limit=200')).json().items).toHaveLength(200);
    const tooMany = await get('?limit=500');
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'invalid_input', fields: { limit: expect.any(String) } });
    const bad = await get('?cursor=MTIzLnh5eg', 'de');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.cursor).toBe(
      'Dieser Verweis auf die nächste Seite ist ungültig. Bitte laden Sie die Liste neu.',
    );
  });
});
