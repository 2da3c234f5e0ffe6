import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { AUTH_COOKIE, CSRF_HEADER, CSRF_HEADER_VALUE } from '@nubes/domain';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHANGES_CHANNEL, encodeNotice } from './change-notices.js';
import { startAlternatingProxy, type AlternatingProxy } from '../test/alternating-proxy.js';
import { chromiumLaunchOptions } from '../../../../scripts/lib/chromium.mjs';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { startPortalProcess, type PortalProcess } from '../test/portal-process.js';
import { seenWithin } from '../test/seen-within.js';
import { ssoLogin } from '../../../../scripts/lib/sso-browser.mjs';

const repositoryRoot = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const ADMIN_PASSWORD = 'two-instances-admin-password';
/** The web app's stored session (read in the page; the server's types know no DOM). */

/**
 * How long another instance's notice may take to arrive and be applied (ADR 0076): milliseconds
 * on an idle machine, with room for a busy one.
 */
const NOTICE_BOUND_MS = 1000;

/**
 * Two portal processes on one fresh PostgreSQL database behind a proxy that alternates every
 * request between them (ADR 0054): a browser session logs in through the proxy and works on both,
 * a change through one shows in the other's lists at once (they are read from the database at
 * every request), and in its public portfolio and a role change counts there as soon as the
 * change's notice arrives (ADR 0076). Both start at once on the empty database, so migrations, the
 * generated secrets and the admin account are raced for as in a real roll-out.
 */
describe('two instances on one PostgreSQL behind a proxy', () => {
  const databaseName = `instances_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let proxy: AlternatingProxy;
  let instances: PortalProcess[] = [];
  let browser: Browser;
  let page: Page;
  /** The service alice's session created (the lists' test), which the public portfolio's test takes online. */
  let serviceId: string;

  const onServer = async (statement: string, database = 'postgres') => {
    const client = new pg.Client({ connectionString: `${inject('postgresUrl')}/${database}` });
    await client.connect();
    try {
      return await client.query<Record<string, unknown>>(statement);
    } finally {
      await client.end();
    }
  };

  const call = async (base: string, method: string, url: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
  };

  /** A call of the browser session itself, through the proxy with its token, as the web app makes it. */
  /** The session's token, from the browser's HttpOnly auth cookie, for calls made beside the browser. */
  const cookieToken = async () => (await page.context().cookies()).find((cookie) => cookie.name === AUTH_COOKIE)!.value;

  const inBrowser = async (method: string, url: string, body?: unknown) =>
    page.evaluate(
      async ({ method, url, body, marker }) => {
        // As the web app calls: the HttpOnly auth cookie rides along, with the portal's header.
        const response = await fetch(url, {
          method,
          headers: { ...marker, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as Record<string, unknown> };
      },
      { method, url, body, marker: { [CSRF_HEADER]: CSRF_HEADER_VALUE } },
    );

  /** Which instance answered the latest request of this method and path through the proxy. */
  const answeredBy = (method: string, pathname: string) =>
    proxy.answered.findLast((r) => r.method === method && r.url.split('?')[0] === pathname)!.instance;

  const myServiceNames = async (instance: PortalProcess, token: string) => {
    const { status, body } = await call(instance.url, 'GET', '/api/services/mine?pageSize=100', token);
    expect(status).toBe(200);
    return (body.items as { name: string }[]).map((item) => item.name);
  };

  beforeAll(async () => {
    // `npm test` builds the web app first; run alone on a fresh checkout, this file builds it.
    if (!existsSync(path.join(repositoryRoot, 'apps', 'web', 'dist', 'index.html'))) {
      const build = spawnSync('npm', ['run', 'build', '-w', '@nubes/web'], { cwd: repositoryRoot, stdio: 'ignore' });
      if (build.status !== 0) throw new Error('the web app did not build (npm run build -w @nubes/web)');
    }
    // An empty database, not the migrated template: both instances migrate it.
    await onServer(`CREATE DATABASE ${databaseName}`);
    databaseUrl = `${inject('postgresUrl')}/${databaseName}`;
    const ports = [await freePort(), await freePort()];
    proxy = await startAlternatingProxy(ports.map((port) => `http://127.0.0.1:${port}`));
    const env = {
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: proxy.url,
      // Only the proxy's address, as production requires (docs/deployment.md).
      TRUST_PROXY: '127.0.0.1',
      ADMIN_PASSWORD,
      // The cheapest hash cost, as the harness uses (ADR 0060).
      PASSWORD_HASH_COST: '10',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    };
    const startedAt = Date.now();
    const started = await Promise.allSettled(ports.map((port) => startPortalProcess(port, env)));
    console.log(`both instances answered ${Date.now() - startedAt} ms after they were started`);
    instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    browser = await chromium.launch(chromiumLaunchOptions());
    page = await browser.newPage({ locale: 'en-GB' });
  }, 180_000);

  // What went through the proxy explains most failures here (which instance answered what).
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    console.error(
      proxy.answered
        .slice(-30)
        .map((r) => `${r.instance} ${r.status} ${r.method} ${r.url}`)
        .join('\n'),
    );
    await page?.screenshot({ path: path.join(repositoryRoot, 'test-results', 'two-instances-failure.png') });
  });

  afterAll(async () => {
    await browser?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await proxy?.close();
    await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  });

  it('a browser session logs in through the proxy with the dev IdP and works on both instances', async () => {
    await page.goto(`${proxy.url}/login`);
    await page.getByRole('button', { name: 'Log in with AAI' }).click();
    // The portal's login page has a Username field too: fill the IdP's once it is there.
    await page.getByRole('heading', { name: 'Development identity provider' }).waitFor();
    await page.getByLabel('Username').fill('alice');
    await page.getByLabel('Password').fill('alice');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/login-oauth'));
    await page.goto(`${proxy.url}/sc/my-services`);
    await page.getByRole('heading', { level: 1, name: 'My Services' }).waitFor();
    await page.getByRole('button', { name: 'Alice Adler' }).waitFor();

    const signOn = proxy.answered.filter((r) => r.url.startsWith('/dev-idp') || r.url.startsWith('/api/login-oauth'));
    const session = proxy.answered.filter((r) => r.authenticated);
    const failures = proxy.answered.filter((r) => r.status === 401 || r.status >= 500);
    expect(failures).toEqual([]);
    // The login's steps (start, IdP pages, code exchange) landed on both instances and none failed.
    expect(new Set(signOn.map((r) => r.instance))).toEqual(new Set([0, 1]));
    expect(signOn.filter((r) => r.status >= 400)).toEqual([]);
    expect(signOn.some((r) => r.method === 'POST' && r.url === '/api/login-oauth' && r.status === 200)).toBe(true);
    // The session's token (signed with the key both read from the database) counts on both.
    expect(new Set(session.map((r) => r.instance))).toEqual(new Set([0, 1]));
    expect(session.filter((r) => r.status >= 400)).toEqual([]);
  });

  it('a service created and renamed through one instance shows in the other’s list at once', async () => {
    const token = await cookieToken();
    // Both instances have read the list before the change.
    for (const instance of instances)
      expect(await myServiceNames(instance, token)).not.toContain('Two-instance storage');

    const created = await inBrowser('POST', '/api/services', { name: 'Two-instance storage' });
    expect(created.status).toBe(201);
    const writer = instances[answeredBy('POST', '/api/services')]!;
    const other = instances[1 - answeredBy('POST', '/api/services')]!;
    // Both show it at the very next request: the one that saved it, and the other.
    expect(await myServiceNames(writer, token)).toContain('Two-instance storage');
    expect(await myServiceNames(other, token)).toContain('Two-instance storage');

    const id = String(created.body.id);
    serviceId = id;
    const renamed = await inBrowser('PATCH', `/api/services/${id}`, {
      name: 'Two-instance object storage',
      version: created.body.version,
    });
    expect(renamed.status).toBe(200);
    const renamer = instances[answeredBy('PATCH', `/api/services/${id}`)]!;
    const reader = instances.find((instance) => instance !== renamer)!;
    expect(await myServiceNames(renamer, token)).toContain('Two-instance object storage');
    expect(await myServiceNames(reader, token)).toContain('Two-instance object storage');

    // The browser's list, through the proxy, has it whichever instance answers.
    await page.reload();
    await page.getByRole('link', { name: 'Two-instance object storage' }).waitFor();
  });

  it('a portfolio manager’s rename through one instance shows in the other’s public portfolio as soon as its notice arrives', async () => {
    // Online, as another process would put it there, telling the instances as the write pipeline
    // does (instances/change-notices.ts); then paula signs on through the proxy without a browser.
    await onServer(
      `begin;
       update services set state = 'service_online', online_since = now(), version = version + 1, updated_at = now() where id = '${serviceId}';
       select pg_notify('${CHANGES_CHANNEL}', '${encodeNotice(randomUUID(), { kind: 'publicPortfolio' })}');
       commit`,
      databaseName,
    );
    const publicNames = async (instance: PortalProcess) => {
      const response = await fetch(`${instance.url}/api/public/services`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { current: { name: string }[] }).current.map((service) => service.name);
    };
    const written = Date.now();
    for (const instance of instances)
      await seenWithin(NOTICE_BOUND_MS, written, async () =>
        (await publicNames(instance)).includes('Two-instance object storage'),
      );

    const token = await ssoLogin(proxy.url, 'paula');

    const current = await call(proxy.url, 'GET', `/api/services/${serviceId}`, token);
    expect(current.status).toBe(200);
    const renamed = await call(proxy.url, 'PATCH', `/api/services/${serviceId}`, token, {
      name: 'Two-instance archive storage',
      version: current.body.version,
    });
    const renamedAt = Date.now();
    expect(renamed.status).toBe(200);
    const renamer = instances[answeredBy('PATCH', `/api/services/${serviceId}`)]!;
    const reader = instances.find((instance) => instance !== renamer)!;
    expect(await publicNames(renamer)).toContain('Two-instance archive storage');
    const seenAfter = await seenWithin(NOTICE_BOUND_MS, renamedAt, async () =>
      (await publicNames(reader)).includes('Two-instance archive storage'),
    );
    console.log(`public portfolio: a rename showed on the other instance after ${seenAfter} ms`);
  });

  it('a contact saved through one instance is found in the other’s contact search at once, also after an edit that keeps its name', async () => {
    const login = await fetch(`${instances[0]!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const [one, two] = instances as [PortalProcess, PortalProcess];
    const found = async (instance: PortalProcess, q: string) => {
      const { status, body } = await call(instance.url, 'GET', `/api/contacts?q=${q}`, token);
      expect(status).toBe(200);
      return (body.items as { lastname: string }[]).map((contact) => contact.lastname);
    };
    // Both instances hold the contact list before the change.
    for (const instance of instances) expect(await found(instance, 'zweiinstanz')).toEqual([]);
    const contact = {
      firstname: 'Zora',
      lastname: 'Zweiinstanz',
      email: 'zora@example.org',
      emailNotPersonal: false,
      institutionId: null,
      otherInstitution: '',
      notes: '',
      addresses: [],
    };
    const created = await call(one.url, 'POST', '/api/contacts', token, contact);
    expect(created.status).toBe(201);
    expect(await found(one, 'zweiinstanz')).toEqual(['Zweiinstanz']);
    expect(await found(two, 'zweiinstanz')).toEqual(['Zweiinstanz']);

    // The notes' new word finds it on both at the very next request.
    const edited = await call(two.url, 'PATCH', `/api/contacts/${String(created.body.id)}`, token, {
      ...contact,
      notes: 'Kennt das Polarlicht',
      properties: [],
      version: created.body.version,
    });
    expect(edited.status).toBe(200);
    expect(await found(two, 'polarlicht')).toEqual(['Zweiinstanz']);
    expect(await found(one, 'polarlicht')).toEqual(['Zweiinstanz']);
  });

  it('a role given through one instance counts there at once and on the other as soon as its notice arrives, and back', async () => {
    const login = await fetch(`${instances[0]!.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE },
      body: JSON.stringify({ login: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const { token: adminToken } = (await login.json()) as { token: string };
    const token = await cookieToken();
    const { rows } = await onServer(`select id from users where username = 'alice'`, databaseName);
    const alice = String(rows[0]!.id);
    const contacts = async (instance: PortalProcess) =>
      (await call(instance.url, 'GET', '/api/contacts', token)).status;
    const setRoles = async (instance: PortalProcess, roles: string[], expected: string[]) => {
      const response = await call(instance.url, 'PUT', `/api/user-accounts/${alice}/roles`, adminToken, {
        roles,
        expected,
      });
      expect(response.status).toBe(200);
      return Date.now();
    };
    const [one, two] = instances as [PortalProcess, PortalProcess];

    // Both instances hold alice's principal without the role.
    expect(await contacts(one)).toBe(403);
    expect(await contacts(two)).toBe(403);
    const given = await setRoles(one, ['contactManager'], []);
    expect(await contacts(one)).toBe(200);
    const givenAfter = await seenWithin(NOTICE_BOUND_MS, given, async () => (await contacts(two)) === 200);

    const taken = await setRoles(two, [], ['contactManager']);
    expect(await contacts(two)).toBe(403);
    const takenAfter = await seenWithin(NOTICE_BOUND_MS, taken, async () => (await contacts(one)) === 403);
    console.log(`roles: given counted on the other instance after ${givenAfter} ms, taken after ${takenAfter} ms`);
  });
});
