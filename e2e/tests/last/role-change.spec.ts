import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../../fixtures.js';
import { loggedIn, loginWithAai } from '../../login.js';

/**
 * Runs in the project "after-the-rest" (playwright.config.ts): the other specs count on nora having
 * no role, and this one gives her one for a while.
 */
const openNora = async (page: Page) => {
  await page.goto('/cd/user-accounts');
  await page.getByRole('searchbox', { name: 'Search' }).fill('nora');
  // The search applies after a pause: the details link is followed once the list shows its answer.
  await expect(page.getByText('1 user account', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Nora Neumann' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User account Nora Neumann' })).toBeVisible();
};

const setServiceProvider = async (page: Page, given: boolean) => {
  const box = page.getByRole('checkbox', { name: 'Service provider' });
  await (given ? box.check() : box.uncheck());
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('The roles of Nora Neumann were saved.').last()).toBeVisible();
};

const setVoManager = async (page: Page, given: boolean) => {
  const box = page.getByRole('checkbox', { name: 'VO manager' });
  await (given ? box.check() : box.uncheck());
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByText('The roles of Nora Neumann were saved.').last()).toBeVisible();
};

/**
 * Both ways a role reaches nora: given while she is logged in (her next step), and given before a
 * login (that login's menu). One test, so the portal manager opens her account once; they were two
 * before, one after the other in this file's worker at the run's end (docs/testing.md).
 */
test('a role given while nora is logged in reaches her menu at her next step and goes again when taken; one given before her next login shows in its menu', async ({
  page,
  browser,
}) => {
  // nora, logged in in a browser of her own, asks for access where she meets "No access".
  const context = await browser.newContext();
  const nora = await context.newPage();
  await loginWithAai(nora, 'nora');
  await nora.goto('/vo/vo-application');
  await expect(nora.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await nora.getByRole('main').getByRole('button', { name: 'Request access' }).click();
  const dialog = nora.getByRole('dialog', { name: 'Request access from the portal management' });
  await expect(dialog.getByText('You ask for access to: New VO Application')).toBeVisible();
  await expectAccessible(nora);
  await dialog.getByRole('textbox', { name: /Why do you need access/ }).fill('I coordinate the genome VO.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(nora.getByText(/^Request (sent|recorded)$/).last()).toBeVisible();
  await expect(dialog).toHaveCount(0);

  // The portal manager gives her the VO manager's role in User Accounts.
  await loggedIn(page, 'admin');
  await openNora(page);
  await expectAccessible(page);
  await setVoManager(page, true);

  // Her next step in the portal shows the VO menu and opens the form, without a new login.
  const nav = nora.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('button', { name: 'VO Registration' })).toHaveCount(0);
  await nora.getByRole('link', { name: 'Nubes logo' }).click();
  await nav.getByRole('button', { name: 'VO Registration' }).click();
  await nora.getByRole('menuitem', { name: 'New VO Application' }).click();
  await expect(nora).toHaveURL('/vo/vo-application');
  await expect(nora.getByRole('heading', { level: 1, name: 'No access' })).toHaveCount(0);

  // Taken back: her next step loses the menu, and the form says "No access" again.
  await setVoManager(page, false);
  await nora.getByRole('link', { name: 'Nubes logo' }).click();
  await expect(nora.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'VO Registration' })).toHaveCount(0);
  await nora.goto('/vo/vo-application');
  await expect(nora.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await context.close();

  // The service provider's role, given before her next login, is in that login's menu.
  await setServiceProvider(page, true);
  const portalRoles = page.getByRole('region', { name: 'Roles given in the portal' });
  await expect(portalRoles.getByText('Service provider')).toBeVisible();
  const nextContext = await browser.newContext();
  const nextLogin = await nextContext.newPage();
  await loginWithAai(nextLogin, 'nora');
  const nextNav = nextLogin.getByRole('navigation', { name: 'Main navigation' });
  await nextNav.getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  for (const entry of ['New Application', 'My Services', 'Public Service Portfolio']) {
    await expect(nextLogin.getByRole('menuitem', { name: entry })).toBeVisible();
  }
  await nextLogin.getByRole('menuitem', { name: 'My Services' }).click();
  await expect(nextLogin).toHaveURL('/sc/my-services');
  await expectAccessible(nextLogin);
  await nextContext.close();

  // Taken back: the portal is as the other specs expect it.
  await setServiceProvider(page, false);
  await expect(portalRoles.getByText('Service provider')).toHaveCount(0);
});
