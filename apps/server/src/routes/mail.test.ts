import { and, eq } from 'drizzle-orm';
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
