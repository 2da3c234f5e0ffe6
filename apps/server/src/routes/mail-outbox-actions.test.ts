import { eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, mailOutbox } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('the outbox: retry and discard', () => {
  const env = useTestApp();
  const ids: Record<string, string> = {};
  const post = (user: string | null, id: string, action: string, payload: unknown, language = 'en') =>
    env.test.app.inject({
      method: 'POST',
      url: `/api/mail/outbox/${id}/${action}`,
      payload: payload as object,
      headers: { ...env.as(user), 'accept-language': language },
    });
  const row = async (id: string) =>
    (await env.test.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

  beforeAll(async () => {
    const mail = { kind: 'workflowStep', toAddress: 'a@example.org', subject: 'S', body: 'b' };
    const rows = await env.test.database.db
      .insert(mailOutbox)
      .values([
        { ...mail, subject: 'failed', state: 'failed', tries: 8, lastError: '550 unknown user' },
        { ...mail, subject: 'pending', state: 'pending' },
        { ...mail, subject: 'sent', state: 'sent', tries: 1 },
      ])
      .returning();
    for (const r of rows) ids[r.subject] = r.id;
  });

  it('sends a failed mail again: pending, due now, tries from zero, with its audit event', async () => {
    const response = await post('admin', ids.failed!, 'retry', { version: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ state: 'pending', tries: 0, version: 2, lastError: '550 unknown user' });
    expect((await row(ids.failed!)).nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const [event] = await env.test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, ids.failed!));
    expect(event).toMatchObject({
      action: 'mail.retried',
      objectType: 'mail',
      actorId: env.person('admin').id,
      before: { state: 'failed', tries: 8 },
      after: { state: 'pending', tries: 0 },
    });
  });

  it('discards a pending mail, and a discarded one can be sent again', async () => {
    const discarded = await post('admin', ids.pending!, 'discard', { version: 1 });
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json()).toMatchObject({ state: 'discarded', version: 2 });
    const again = await post('admin', ids.pending!, 'retry', { version: 2 });
    expect(again.json()).toMatchObject({ state: 'pending', version: 3 });
  });

  it('answers 409 for a stale version or a state that does not allow it, and changes nothing', async () => {
    const stale = await post('admin', ids.pending!, 'discard', { version: 1 });
    expect(stale.statusCode).toBe(409);
    const sent = await post('admin', ids.sent!, 'discard', { version: 1 }, 'de');
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe('Nur eine wartende oder fehlgeschlagene Mail kann verworfen werden.');
    expect((await post('admin', ids.sent!, 'retry', { version: 1 })).statusCode).toBe(409);
    expect(await row(ids.sent!)).toMatchObject({ state: 'sent', version: 1 });
  });

  it('refuses bad input (400), unknown mails (404), other roles (403) and anonymous callers (401)', async () => {
    const bad = await post('admin', ids.sent!, 'retry', { version: 'one', extra: true });
    expect(bad.statusCode).toBe(400);
    expect((await post('admin', 'not-a-mail', 'retry', { version: 1 })).statusCode).toBe(400);
    expect((await post('admin', '00000000-0000-4000-8000-000000000000', 'retry', { version: 1 })).statusCode).toBe(404);
    for (const user of ['paula', 'carla', 'alice'])
      expect((await post(user, ids.sent!, 'discard', { version: 1 })).statusCode).toBe(403);
    expect((await post(null, ids.sent!, 'discard', { version: 1 })).statusCode).toBe(401);
  });
});
