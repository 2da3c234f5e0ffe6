import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../../fixtures.js';
import { loggedIn } from '../../login.js';
import { mainNavigation } from '../../menus.js';
import { serviceRolesThroughApi, serviceThroughApi } from '../../service-api.js';

/**
 * Runs in the project "after-the-rest" (playwright.config.ts): it marks Henrik Nordmann gone and
 * hands everything he holds (HPCN's service and provider manager roles among it) to alice, which
 * the other walks' services may name.
 */
const NAME = `Handover Archive ${Date.now()}`;

/** Picks alice in a user picker: the option of this picker's own list. */
const pickAlice = async (page: Page, picker: Locator) => {
  await picker.fill('Alice');
  const list = page.locator(`#${await picker.getAttribute('aria-controls')}`);
  await list.getByRole('option', { name: /^Alice Adler/ }).click();
};

test('admin marks Henrik Nordmann gone; paula hands what he holds to alice, whose My Services shows it', async ({
  page: admin,
  browser,
}) => {
  // A service Henrik owns and alice has no part in: bob's application, Henrik its service owner.
  const id = await serviceThroughApi(browser, {
    owner: 'bob',
    name: NAME,
    keyword: 'Archive',
    filledFor: 'application',
    steps: [],
  });
  await serviceRolesThroughApi(browser, 'bob', id, { serviceOwner: 'hnordmann' });

  // --- admin marks him gone in User Accounts ---------------------------------------------------------
  await loggedIn(admin, 'admin', { from: '/cd/user-accounts' });
  await admin.getByRole('searchbox', { name: 'Search' }).fill('Nordmann');
  await admin.getByRole('link', { name: 'Henrik Nordmann' }).click();
  await admin.getByRole('button', { name: 'Mark as gone' }).click();
  const mark = admin.getByRole('dialog', { name: 'Mark Henrik Nordmann as gone' });
  await mark.getByRole('textbox', { name: /Reason/ }).fill('Left HPC North on 30 November');
  await mark.getByRole('button', { name: 'Mark as gone' }).click();
  // The details say why; the account's audit events below say it too, once they have loaded.
  const details = admin.getByRole('paragraph');
  await expect(details.filter({ hasText: /^Reason: Left HPC North on 30 November$/ })).toBeVisible();
  await expect(details.filter({ hasText: /^Marked by / })).toBeVisible();

  // --- paula opens his handover and hands everything to alice ---------------------------------------
  const paulaContext = await browser.newContext();
  const paula = await paulaContext.newPage();
  await loggedIn(paula, 'paula');
  await mainNavigation(paula).getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  await paula.getByRole('menuitem', { name: 'Handover of Gone People' }).click();
  await paula.getByRole('link', { name: 'Henrik Nordmann' }).click();
  await expect(paula.getByRole('heading', { level: 1, name: 'Handover: Henrik Nordmann' })).toBeVisible();
  const table = paula.getByRole('table', { name: /Handover: Henrik Nordmann/ });
  await expect(table.getByRole('link', { name: NAME })).toBeVisible();
  await expectAccessible(paula);
  await paula.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await paula.getByRole('button', { name: 'Hand over…' }).click();
  const dialog = paula.getByRole('dialog', { name: /^Hand over \d+ items of Henrik Nordmann$/ });
  for (const picker of await dialog.getByRole('combobox').all()) await pickAlice(paula, picker);
  await expectAccessible(paula);
  await dialog.getByRole('button', { name: 'Hand over', exact: true }).click();
  await expect(paula.getByText(/items? (was|were) handed over\./).last()).toBeVisible();
  await expect(paula.getByText('Henrik Nordmann holds nothing in the portal any more.')).toBeVisible();
  await paulaContext.close();

  // --- alice finds the service among hers --------------------------------------------------------------
  const aliceContext = await browser.newContext();
  const alice = await aliceContext.newPage();
  await loggedIn(alice, 'alice', { from: '/sc/my-services' });
  await alice.getByRole('searchbox', { name: 'Search' }).fill(NAME);
  await expect(alice.getByRole('link', { name: NAME })).toBeVisible();
  await aliceContext.close();
});
