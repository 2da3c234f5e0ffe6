import { routePath } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailOutbox, users } from '../db/schema.js';
import {
  bearer,
  createTestApp,
  fromPortalPages,
  seedPrincipals,
  type TestApp,
  type TestPrincipal,
} from '../test/harness.js';

let test: TestApp;
let people: TestPrincipal[];
const person = (username: string) => people.find((p) => p.username === username)!;

const ask = (headers: Record<string, string>, payload: unknown) =>
  test.app.inject({ method: 'POST', url: '/api/access-requests', headers, payload: payload as object });

const mailsFor = (userId: string) =>
  test.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, 'accessRequested'), eq(mailOutbox.recipientId, userId)));

beforeAll(async () => {
  test = await createTestApp();
  people = await seedPrincipals(test);
  await test.database.db
    .update(users)
    .set({ email: 'office@nubes.example' })
    .where(eq(users.id, person('admin').id));
});
afterAll(() => test.close());

describe('POST /api/access-requests', () => {
  it('answers 401 without a session', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      headers: fromPortalPages,
      payload: { screen: 'voApplication' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a request with the session cookie from another site, and writes nothing', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/access-requests',
      cookies: { auth: person('nora').token },
      payload: { screen: 'voApplication' },
    });
    expect(response.statusCode).toBe(403);
    expect(await mailsFor(person('admin').id)).toEqual([]);
  });

  it('refuses an unknown screen and a note too long with 400 in the caller’s language, writing nothing', async () => {
    const unknown = await ask(bearer(person('nora').token), { screen: 'nowhere' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ error: 'invalid_input', fields: { screen: expect.any(String) } });
    const long = await ask({ ...bearer(person('nora').token), 'accept-language': 'de' }, { note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.note).toMatch(/zu lang/i);
    expect(await mailsFor(person('admin').id)).toEqual([]);
  });

  it('mails the portal management with the person, the screen and the note, linking their user account', async () => {
    const nora = person('nora');
    const response = await ask(bearer(nora.token), { screen: 'voApplication', note: 'I coordinate the genome VO.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ recipients: 1 });
    const [mail] = await mailsFor(person('admin').id);
    expect(mail).toMatchObject({ toAddress: 'office@nubes.example', state: 'pending' });
    expect(mail!.subject).toContain('asks for access to New VO Application');
    expect(mail!.subject).toContain('nora');
    expect(mail!.body).toContain('> I coordinate the genome VO.');
    expect(mail!.body).toContain(`${routePath('userAccounts')}?user=${nora.id}`);
    const [event] = await test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.access.requested'), eq(auditEvents.objectId, nora.id)));
    expect(event?.after).toEqual({ screen: 'voApplication', note: 'I coordinate the genome VO.', recipients: 1 });
  });

  it('takes a request from the home without a screen', async () => {
    const response = await ask(bearer(person('nora').token), {});
    expect(response.statusCode, response.body).toBe(200);
    const mails = await mailsFor(person('admin').id);
    expect(mails.at(-1)?.subject).toContain('the portal’s screens for their work');
  });
});
