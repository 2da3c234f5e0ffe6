import { AUTH_COOKIE } from '@nubes/domain';
import type { Page, Request } from '@playwright/test';
import { ageSession, expect, storedSession, test } from '../fixtures.js';
import { loggedIn } from '../login.js';

/** The session's token as the server set it (HttpOnly: only the browser context sees it). */
const cookieToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === AUTH_COOKIE)?.value;

/**
 * One admin session aged three times, as it would age in a long day: each age was a test of its own,
 * each a page load more for the same login (docs/testing.md).
 */
test('session age, checked after every route change: kept under 180 minutes, renewed at 200, logged out at 250', async ({
  page,
}) => {
  await loggedIn(page, 'admin');

  // Younger than 180 minutes: kept without renewal.
  const first = await cookieToken(page);
  await ageSession(page, 100);
  let renewed = false;
  const noteRenewal = (request: Request) => {
    if (request.url().endsWith('/api/login-renew')) renewed = true;
  };
  page.on('request', noteRenewal);
  await page.goto('/sc/my-services');
  await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
  expect(renewed).toBe(false);
  expect(await cookieToken(page)).toBe(first);
  page.off('request', noteRenewal);

  // Aged 200 minutes: it stays and is renewed in the background.
  await ageSession(page, 200);
  // JWTs issued within the same second are identical; wait so the renewed one differs.
  await page.waitForTimeout(1100);
  const renewal = page.waitForResponse((r) => r.url().endsWith('/api/login-renew') && r.status() === 200);
  // A route change inside the app: the home's instruction page.
  await page.getByRole('main').getByRole('link', { name: 'Instructions: Service Portfolio', exact: true }).click();
  await renewal;
  // The server renewed the session and set the cookie again.
  await expect.poll(() => cookieToken(page)).not.toBe(first);
  // The app writes its record once the renewal's answer is read, a moment after the cookie.
  await expect.poll(async () => Date.now() - (await storedSession(page))!.sessionCreated).toBeLessThan(60_000);
  expect((await storedSession(page))!.username).toBe('admin');
  await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();

  // Aged 250 minutes: logged out.
  await ageSession(page, 250);
  await page.goto('/sc/my-services');
  await expect(page).toHaveURL('/login?redirect=%2Fsc%2Fmy-services');
  expect(await storedSession(page)).toBeNull();
  await expect(page.getByText('Welcome, Portal Administrator')).toHaveCount(0);
});
