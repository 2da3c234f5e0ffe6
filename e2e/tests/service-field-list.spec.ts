import type { Page } from '@playwright/test';
import { bearerOf, expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { expectNotification } from '../services.js';

/**
 * The Service Field List (docs/adr/0030-service-field-list.md) as portfolio and integration
 * managers use it. bob's three probe applications carry a website of their own, so what paula
 * clears does not depend on the demo data.
 */

const PROBE = 'Fieldprobe';
const probeWebsite = (n: number) => `https://fieldprobe-${n}.example.org`;

const createProbes = async (page: Page) => {
  await loggedIn(page, 'bob');
  const headers = (await bearerOf(page))!;
  for (let n = 1; n <= 3; n += 1) {
    const created = await page.request.post('/api/services', {
      headers,
      data: { name: `${PROBE} ${n}`, fields: { website: probeWebsite(n) } },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
};

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  await createProbes(await context.newPage());
  await context.close();
});

const table = (page: Page) => page.getByRole('main').getByRole('table');
const rows = (page: Page) => table(page).locator('tbody tr');
const fieldSelect = (page: Page) => page.getByRole('combobox', { name: 'Field' });

test('paula picks a field, searches, and clears it on the selected services after the confirmation', async ({
  page,
}) => {
  await loggedIn(page, 'paula');
  await page.getByRole('button', { name: 'Service Portfolio' }).click();
  await page.getByRole('menuitem', { name: 'Service Field List' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Service Field List' })).toBeVisible();
  await expect(page).toHaveTitle('Service Field List');
  await expectAccessible(page);

  await fieldSelect(page).selectOption({ label: 'Website' });
  await expect(page.getByText('This field is optional')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(PROBE);
  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByText('3 services with a value')).toBeVisible();
  for (let n = 1; n <= 3; n += 1) await expect(table(page).getByText(probeWebsite(n))).toBeVisible();
  await expect(page).toHaveURL(/field=website/);
  await expectAccessible(page);

  await page.getByRole('checkbox', { name: `Select ${PROBE} 1` }).check();
  await page.getByRole('checkbox', { name: `Select ${PROBE} 2` }).check();
  await page.getByRole('button', { name: 'Clear on selected services' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clear field' });
  await expect(dialog).toContainText('Clear “Website” on 2 services?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Clear 2 values' }).click();
  await expectNotification(page, 'Field cleared', '“Website” was cleared on 2 services.');

  await expect(rows(page)).toHaveCount(1);
  await expect(table(page).getByText(probeWebsite(3))).toBeVisible();
  await expect(table(page).getByText(probeWebsite(1))).toHaveCount(0);

  // The service's history names the change, old → new.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${PROBE} 1`);
  await expect(page.getByText('No service with a value matches the search')).toBeVisible();
  await visit(page, '/sc/service-portfolio?q=Fieldprobe%201');
  await page
    .getByRole('main')
    .getByRole('link', { name: `${PROBE} 1` })
    .click();
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Field cleared across services');
  await expect(page.getByRole('tabpanel')).toContainText(probeWebsite(1));
});

test('ivan sees the values but no clear action', async ({ page }) => {
  await loggedIn(page, 'ivan');
  await visit(page, '/sc/service-field-list?field=website');
  await expect(fieldSelect(page)).toHaveValue('website');
  await expect(rows(page).first()).toBeVisible();
  // bob's probe applications are drafts: not for ivan's eyes.
  await expect(table(page).getByText(PROBE)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear on all listed services' })).toHaveCount(0);
  await expect(table(page).getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toBeVisible();
});

test('ivan saves a view of the field list with its field, order and columns, and applies it again', async ({
  page,
}) => {
  const name = `Probe websites ${Date.now()}`;
  const headers = async () =>
    (await table(page).locator('thead th').allTextContents()).map((text) => text.replace(/[↕↑↓]/g, '').trim());
  await loggedIn(page, 'ivan');
  await visit(page, '/sc/service-field-list?field=shortDescription&sort=name&order=desc');
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Provider' }).click();
  await page.keyboard.press('Escape');
  expect(await headers()).not.toContain('Provider');

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Another field, every column; then the view brings back field, order and columns.
  await fieldSelect(page).selectOption('description');
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Show all columns' }).click();
  await page.keyboard.press('Escape');
  expect(await headers()).toContain('Provider');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/\?field=shortDescription&sort=name&order=desc$/);
  await expect(fieldSelect(page)).toHaveValue('shortDescription');
  await expect.poll(headers).not.toContain('Provider');
  await expect(rows(page)).not.toHaveCount(0);
  await expectAccessible(page);
});
