import { AUTH_COOKIE } from '@nubes/domain';
import type { Page } from '@playwright/test';
import { ageSession, expect, storedSession, test } from '../fixtures.js';
import { loggedIn } from '../login.js';

/** The session's token as the server set it (HttpOnly: only the browser context sees it). */
const cookieToken = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === AUTH_COOKIE)?.value;

test.describe('session age, checked after every route change', () => {
  test('a session aged 200 minutes stays and is renewed in the background', async ({ page }) => {
    await loggedIn(page, 'admin');
    const before = await cookieToken(page);
    await ageSession(page, 200);
    // JWTs issued within the same second are identical; wait so the renewed one differs.
    await page.waitForTimeout(1100);
    const renewal = page.waitForResponse((r) => r.url().endsWith('/api/login-renew') && r.status() === 200);
    // A route change inside the app: the home's instruction page.
    await page.getByRole('main').getByRole('link', { name: 'Instructions: Service Portfolio', exact: true }).click();
    await renewal;
    // The server renewed the session and set the cookie again.
    await expect.poll(() => cookieToken(page)).not.toBe(before);
    // The app writes its record once the renewal's answer is read, a moment after the cookie.
    await expect.poll(async () => Date.now() - (await storedSession(page))!.sessionCreated).toBeLessThan(60_000);
    expect((await storedSession(page))!.username).toBe('admin');
    await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
  });

  test('a session aged 250 minutes is logged out', async ({ page }) => {
    await loggedIn(page, 'admin');
    await ageSession(page, 250);
    await page.goto('/sc/my-services');
    await expect(page).toHaveURL('/login?redirect=%2Fsc%2Fmy-services');
    expect(await storedSession(page)).toBeNull();
    await expect(page.getByText('Welcome, Portal Administrator')).toHaveCount(0);
  });

  test('a session younger than 180 minutes is kept without renewal', async ({ page }) => {
    await loggedIn(page, 'admin');
    const before = await cookieToken(page);
    await ageSession(page, 100);
    let renewed = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/login-renew')) renewed = true;
    });
    await page.goto('/sc/my-services');
    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
    expect(renewed).toBe(false);
    expect(await cookieToken(page)).toBe(before);
  });
});
