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

/** Federated login through the built-in dev IdP, as a person would click through it. */
export const loginWithAai = async (page: Page, username: string, options: { from?: string } = {}) => {
  await page.goto(options.from ?? '/login');
  await page.getByRole('button', { name: 'Login with AAI' }).click();
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/login-oauth'));
};

export const logout = async (page: Page, fullname: string) => {
  await page.getByRole('button', { name: fullname }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
};
