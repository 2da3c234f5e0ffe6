import type { Browser, BrowserContext, Cookie, Page } from '@playwright/test';
import { AUTH_COOKIE, SESSION_STORAGE_KEY } from '@nubes/domain';
import { expect, expectAccessible } from './fixtures.js';
import { E2E_SECRETS } from './secrets.js';

const ADMIN = { username: 'admin', password: E2E_SECRETS.adminPassword };

/** Direct login through the admin form on /login (the page must already be open). */
export const submitAdminForm = async (page: Page, username: string, password: string) => {
  const form = page.getByRole('form', { name: /direct login/i });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
};

export const loginAsAdmin = async (page: Page) => {
  await page.goto('/login');
  await submitAdminForm(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
};

/**
 * The dev IdP's login page as this test worker has already checked it with axe, by language and
 * window width: the server renders it the same for every login (apps/server/src/dev-idp/pages.ts),
 * so one check per look stands for the forty logins of a run.
 */
const idpPagesChecked = new Set<string>();

/** Federated login through the built-in dev IdP, as a person would click through it. */
export const loginWithAai = async (page: Page, username: string, options: { from?: string } = {}) => {
  await page.goto(options.from ?? '/login');
  await page.getByRole('button', { name: 'Log in with AAI' }).click();
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  const look = `${await page.locator('html').getAttribute('lang')}:${page.viewportSize()?.width}`;
  if (!idpPagesChecked.has(look)) {
    await expectAccessible(page);
    // On a phone too, the page fits the screen: the demo accounts do not push it sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    idpPagesChecked.add(look);
  }
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/login-oauth'));
};

export const logout = async (page: Page, fullname: string) => {
  await page.getByRole('button', { name: fullname }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
};

/** What a login leaves in the browser: the stored session and the auth cookie. */
interface Login {
  origin: string;
  session: string;
  cookies: Cookie[];
}

/** Each person's first login in this test worker (docs/adr/0072-one-login-per-person-and-worker.md). */
const logins = new Map<string, Login>();

/**
 * Opens `from` (home when absent or the login page) as `who`, logged in. The first time in a test
 * worker the person logs in as a person does: through the dev IdP, or the admin's direct login
 * for 'admin'. Later the page gets the session that login left (the stored session and the auth
 * cookie), as a browser that kept it would. The login's own screens are what login.spec.ts and the
 * first login of each person and worker test; the other specs walk what comes after it.
 */
export const loggedIn = async (page: Page, who: string, options: { from?: string } = {}) => {
  const landing = options.from && options.from !== '/login' ? options.from : '/';
  const known = logins.get(who);
  if (!known) {
    if (who === 'admin') await loginAsAdmin(page);
    else await loginWithAai(page, who);
    if (landing !== '/') await page.goto(landing);
    const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_STORAGE_KEY);
    expect(session, `the session ${who}'s login stored`).not.toBeNull();
    const cookies = (await page.context().cookies()).filter(({ name }) => name === AUTH_COOKIE);
    logins.set(who, { origin: new URL(page.url()).origin, session: session!, cookies });
    return;
  }
  await page.context().addCookies(known.cookies);
  // A document of the portal's origin that does not start the app, to put the session in its storage.
  await page.goto('/api/health');
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: SESSION_STORAGE_KEY,
    value: known.session,
  });
  await page.goto(landing);
  if (who === 'admin' && landing === '/') await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
};

/**
 * The same session as a new browser context's storage state, for a context that opens as `who`
 * from its first page on; the first time in a worker through a login in a context of its own.
 */
export const loggedInState = async (
  browser: Browser,
  who: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> => {
  if (!logins.has(who)) {
    const context = await browser.newContext();
    await loggedIn(await context.newPage(), who);
    await context.close();
  }
  const { origin, session, cookies } = logins.get(who)!;
  return { cookies, origins: [{ origin, localStorage: [{ name: SESSION_STORAGE_KEY, value: session }] }] };
};
