import type { Page } from '@playwright/test';
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
  await page.getByRole('button', { name: 'Login with AAI' }).click();
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
