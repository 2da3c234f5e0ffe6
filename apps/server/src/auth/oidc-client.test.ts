import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../db/schema.js';
import { createTestApp, fromPortalPages, type TestApp } from '../test/harness.js';
import { SsoBrowser } from '../../../../scripts/lib/sso-browser.mjs';

const post = (test: TestApp, path: string, body: unknown) =>
  fetch(`${test.baseUrl}${path}`, {
    method: 'POST',
    headers: { ...fromPortalPages, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

const start = async (test: TestApp) => {
  const response = await fetch(
    `${test.baseUrl}/api/login-oauth?provider=oidc&publicUrl=${encodeURIComponent(test.baseUrl)}`,
  );
  expect(response.status).toBe(200);
  return response.json() as Promise<{ session: string; next_url: string }>;
};

const finishBody = (test: TestApp, session: string, returned: URL) => ({
  provider: 'oidc',
  qs: { code: returned.searchParams.get('code'), state: returned.searchParams.get('state') },
  session,
  publicUrl: test.baseUrl,
});

describe('single sign-on through the built-in dev IdP (authorization code + PKCE + nonce)', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp({ listen: true });
  });
  afterAll(() => test.close());

  it('starts with a session and the IdP authorization URL using PKCE S256, state and nonce', async () => {
    const { session, next_url } = await start(test);
    expect(session.length).toBeGreaterThan(20);
    const url = new URL(next_url);
    expect(url.origin + url.pathname).toBe(`${test.baseUrl}/dev-idp/auth`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${test.baseUrl}/login-oauth/oidc`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
  });

  it('creates the user from the claims with roles mapped from eduperson_entitlement, then updates it', async () => {
    for (let round = 0; round < 2; round++) {
      const { session, next_url } = await start(test);
      const returned = await new SsoBrowser(test.baseUrl).signIn(next_url, 'paula', 'paula');
      const response = await post(test, '/api/login-oauth', finishBody(test, session, returned));
      expect(response.status).toBe(200);
      const { token } = (await response.json()) as { token: string };
      const claims = await test.tokens.verify(token);
      expect(claims?.fullname).toBe('Paula Peters');

      const user = await fetch(`${test.baseUrl}/api/users/paula`, { headers: { authorization: `Bearer ${token}` } });
      expect(await user.json()).toEqual({
        username: 'paula',
        fullname: 'Paula Peters',
        email: 'paula@nubes-office.example',
        roles: ['servicePortfolioManager'],
      });
    }
    const rows = await test.database.db.select().from(users).where(eq(users.username, 'paula'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.internalId).toBe('paula');
    expect(rows[0]!.passwordHash).toBeNull();
    // The group entitlements beside the role ones (ADR 0038).
    expect(rows[0]!.groups).toEqual([
      { id: 'urn:geant:nubes.example:group:nubes-office:portfolio-board', name: 'nubes-office / portfolio-board' },
      { id: 'urn:geant:nubes.example:group:nubes-office:staff', name: 'nubes-office / staff' },
    ]);
    const events = await test.database.db.select().from(auditEvents).where(eq(auditEvents.objectId, rows[0]!.id));
    expect(events.map((e) => e.action).sort()).toEqual(['login.sso', 'user.created']);
  });

  it('gives a user without entitlements no role', async () => {
    const { session, next_url } = await start(test);
    const returned = await new SsoBrowser(test.baseUrl).signIn(next_url, 'nora', 'nora');
    const response = await post(test, '/api/login-oauth', finishBody(test, session, returned));
    expect(response.status).toBe(200);
    const [nora] = await test.database.db.select().from(users).where(eq(users.username, 'nora'));
    expect(nora!.entitlementRoles).toEqual([]);
  });

  it('refuses a state that does not belong to the session, and the session is then spent', async () => {
    const { session, next_url } = await start(test);
    const returned = await new SsoBrowser(test.baseUrl).signIn(next_url, 'alice', 'alice');
    const body = finishBody(test, session, returned);
    const bad = await post(test, '/api/login-oauth', { ...body, qs: { ...body.qs, state: 'forged-state' } });
    expect(bad.status).toBe(401);
    const replay = await post(test, '/api/login-oauth', body);
    expect(replay.status).toBe(401);
  });

  it('refuses an unknown session and a code used twice', async () => {
    expect(
      (
        await post(test, '/api/login-oauth', {
          provider: 'oidc',
          qs: { code: 'x', state: 'y' },
          session: 'nope',
          publicUrl: test.baseUrl,
        })
      ).status,
    ).toBe(401);

    const first = await start(test);
    const returned = await new SsoBrowser(test.baseUrl).signIn(first.next_url, 'bob', 'bob');
    expect((await post(test, '/api/login-oauth', finishBody(test, first.session, returned))).status).toBe(200);
    // A second session cannot redeem the first one's code: state and PKCE verifier differ.
    const second = await start(test);
    const stolen = finishBody(test, second.session, returned);
    expect(
      (
        await post(test, '/api/login-oauth', {
          ...stolen,
          qs: { ...stolen.qs, state: new URL(second.next_url).searchParams.get('state') },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses a public URL that is not the portal and a foreign provider', async () => {
    const foreign = await fetch(
      `${test.baseUrl}/api/login-oauth?provider=oidc&publicUrl=${encodeURIComponent('https://evil.example')}`,
    );
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { fields: Record<string, string> }).fields.publicUrl).toBeTruthy();
    const provider = await fetch(
      `${test.baseUrl}/api/login-oauth?provider=github&publicUrl=${encodeURIComponent(test.baseUrl)}`,
    );
    expect(provider.status).toBe(400);
  });

  it('shows the demo accounts on the IdP login page and refuses a wrong password', async () => {
    const { next_url } = await start(test);
    const browser = new SsoBrowser(test.baseUrl);
    const first = await browser.request(next_url);
    const page = await browser.request(first.headers.get('location')!);
    const html = await page.text();
    for (const name of ['alice', 'bob', 'paula', 'ivan', 'carla', 'desk', 'rita', 'victor', 'sven', 'nora']) {
      expect(html).toContain(`<td>${name}</td>`);
    }
    await expect(browser.signIn(next_url, 'alice', 'wrong')).rejects.toThrow(/refused/);
  });

  it('writes no audit event for a failed exchange and creates no user', async () => {
    const usersBefore = await test.database.db.select().from(users);
    const eventsBefore = await test.database.db.select().from(auditEvents);
    const response = await post(test, '/api/login-oauth', {
      provider: 'oidc',
      qs: { code: 'x', state: 'y' },
      session: 'nope',
      publicUrl: test.baseUrl,
    });
    expect(response.status).toBe(401);
    expect(await test.database.db.select().from(users)).toHaveLength(usersBefore.length);
    expect(await test.database.db.select().from(auditEvents)).toHaveLength(eventsBefore.length);
  });
});

describe('several instances behind one public address, on one database', () => {
  it('a login started on one instance finishes on another, and its token works on both', async () => {
    const one = await createTestApp({ listen: true });
    const two = await createTestApp({ listen: true, database: one.database, env: { PUBLIC_URL: one.baseUrl } });
    try {
      const { session, next_url } = await start(one);
      // The IdP's and the relying party's state live in the database, not in instance one's memory.
      const returned = await new SsoBrowser(one.baseUrl).signIn(next_url, 'ivan', 'ivan');
      const finish = await fetch(`${two.listenUrl}/api/login-oauth`, {
        method: 'POST',
        headers: { ...fromPortalPages, 'content-type': 'application/json' },
        body: JSON.stringify(finishBody(one, session, returned)),
      });
      expect(finish.status).toBe(200);
      const { token } = (await finish.json()) as { token: string };
      for (const instance of [one, two]) {
        const user = await fetch(`${instance.listenUrl}/api/users/ivan`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(user.status).toBe(200);
      }
    } finally {
      await two.close();
      await one.close();
    }
  });
});
