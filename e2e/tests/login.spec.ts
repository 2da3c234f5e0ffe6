import { AUTH_COOKIE } from '@nubes/domain';
import { expect, expectAccessible, storedSession, test, visit } from '../fixtures.js';
import { loginAsAdmin, loginWithAai, logout, submitAdminForm } from '../login.js';

test.describe('direct admin login', () => {
  test('logs the admin in, stores the session record and gets the HttpOnly auth cookie from the server', async ({
    page,
    context,
  }) => {
    await loginAsAdmin(page);
    const session = await storedSession(page);
    // No token in web storage: it is in the cookie, where no script reads it.
    expect(Object.keys(session!).sort()).toEqual(
      ['email', 'fullname', 'roles', 'sessionCreated', 'tokenExpire', 'username'].sort(),
    );
    expect(session!.username).toBe('admin');
    expect(session!.roles).toEqual(['portalManager']);
    expect(session!.tokenExpire - Date.now()).toBeGreaterThan(239 * 60_000);
    const cookie = (await context.cookies()).find((c) => c.name === AUTH_COOKIE);
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/');
    expect(cookie?.sameSite).toBe('Lax');
    // The test portal's public address is http: a Secure cookie would never come back.
    expect(cookie?.secure).toBe(false);
    expect(await page.evaluate(() => document.cookie)).not.toContain(`${AUTH_COOKIE}=`);
    await expectAccessible(page);
  });

  // The notification's own six seconds are checked here too, on the clock installed before the page
  // loads: a test of their own was a page load more for one check (docs/testing.md).
  test('empty fields are refused before sending; a wrong password shows Login Failed, which goes after 6000 ms, and keeps the user logged out', async ({
    page,
  }) => {
    const start = Date.now();
    await page.clock.install({ time: start });
    await visit(page, '/login');
    await page
      .getByRole('form', { name: /direct login/i })
      .getByRole('button', { name: 'Log in' })
      .click();
    await expect(page.getByText('This field cannot be empty').first()).toBeVisible();
    await expectAccessible(page);
    // The clock is paused before the wrong password is sent, at a time no run reaches on its own (a
    // pause "now" races the installed clock's own ticks), and then moves only in the steps below: the
    // notification's six seconds are counted on it alone, however busy the machine is. axe waits on
    // timers, so it reads the page once the clock runs again.
    await page.clock.pauseAt(start + 60 * 60_000);
    await submitAdminForm(page, 'admin', 'wrong-password');
    const notification = page.getByText('Login Failed', { exact: true });
    // The answer and the notification's code arrive in real time; the clock moves 10 ms per look, so
    // the notification's timer, set when it mounts, ends between 5990 and 6000 ms after the first look
    // that sees it.
    await expect
      .poll(
        async () => {
          await page.clock.runFor(10);
          return notification.isVisible();
        },
        { intervals: [50] },
      )
      .toBe(true);
    await expect(page.getByText('Please check your username and password.')).toBeVisible();
    await page.clock.runFor(5000);
    await expect(notification).toBeVisible();
    await page.clock.runFor(1500);
    await expect(notification).toHaveCount(0);
    await page.clock.resume();
    expect(await storedSession(page)).toBeNull();
    await expectAccessible(page);
  });

  // alice's single sign-on is checked on its way, before she logs out: her welcome, her role and
  // no OAuth leftovers in the storage (a test of its own before, docs/testing.md).
  test('alice, a service provider, logs in through the dev IdP and is welcomed by name, but cannot log in directly', async ({
    page,
  }) => {
    await loginWithAai(page, 'alice');
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Welcome, Alice Adler')).toBeVisible();
    const session = await storedSession(page);
    expect(session!.roles).toEqual(['serviceProvider']);
    expect(await page.evaluate(() => localStorage.getItem('oAuthSession'))).toBeNull();
    await expectAccessible(page);
    await logout(page, 'Alice Adler');
    await visit(page, '/login');
    await submitAdminForm(page, 'alice', 'alice');
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });
});

test.describe('single sign-on through the dev IdP', () => {
  test('paula, a portfolio manager, comes back to the protected page she asked for', async ({ page }) => {
    await page.goto('/sc/service-integration-list?sort=score');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginWithAai(page, 'paula', { from: page.url() });
    await expect(page).toHaveURL('/sc/service-integration-list?sort=score');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Integration List' })).toBeVisible();
    expect((await storedSession(page))!.roles).toEqual(['servicePortfolioManager']);
  });

  test('a return with a state that does not match shows Login Failed', async ({ page }) => {
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Log in with AAI' }).click();
    await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
    // Instead of signing in, come back with a forged state for the stored session.
    await page.goto('/login-oauth/oidc?code=forged-code&state=forged-state');
    await expect(page.getByText('Login Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('AAI login failed, please try again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    expect(await storedSession(page)).toBeNull();
  });
});

test('logout ends the session on the server, clears the session and the cookie, and goes home', async ({
  page,
  context,
  playwright,
}) => {
  await loginWithAai(page, 'carla');
  await page.goto('/cd/contact-database');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Database' })).toBeVisible();
  const token = (await context.cookies()).find((c) => c.name === AUTH_COOKIE)!.value;
  const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  expect((await api.get('/api/contacts', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
  const loggedOut = page.waitForResponse((r) => r.url().endsWith('/api/logout') && r.status() === 204);
  await logout(page, 'Carla Conti');
  await loggedOut;
  await expect(page).toHaveURL('/');
  expect(await storedSession(page)).toBeNull();
  expect((await context.cookies()).find((c) => c.name === AUTH_COOKIE)).toBeUndefined();
  // A copy of the token is worth nothing now.
  expect((await api.get('/api/contacts', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  expect((await api.get('/api/contacts', { headers: { cookie: `${AUTH_COOKIE}=${token}` } })).status()).toBe(401);
  await api.dispose();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
  await expect(page.getByText('Welcome to Nubes').first()).toBeVisible();
  await page.goto('/cd/contact-database');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fcd%2Fcontact-database/);
});
