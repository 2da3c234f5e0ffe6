import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';

/**
 * The lists for hundreds of rows (docs/adr/0044-saved-views.md, docs/adr/0045-public-portfolio-page.md):
 * a saved view applied again, rows selected and exported, and the public portfolio with a
 * service's public page. Each run names its view anew, so retries and other workers never meet it.
 */

const table = (page: Page) => page.getByRole('main').getByRole('table');
const columnHeaders = async (page: Page) =>
  (await table(page).locator('thead th').allTextContents()).map((text) => text.replace(/[↕↑↓]/g, '').trim());

test('paula saves a view of the portfolio with its filters and columns, and applies it again', async ({ page }) => {
  const name = `Online now ${Date.now()}`;
  await loggedIn(page, 'paula');
  await visit(page, '/sc/service-portfolio?tab=catalogue&state=service_online');
  await expect(table(page).locator('tbody tr').first()).toBeVisible();
  // Each tab says how many services it holds under this filter.
  await expect(page.getByRole('tab', { name: 'Catalogue', selected: true })).toHaveAccessibleDescription(
    /^Services in this section: \d+/,
  );

  // Fewer columns: no Type.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Type' }).click();
  await page.keyboard.press('Escape');
  expect(await columnHeaders(page)).not.toContain('Type');

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Save current view as…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Somewhere else, with every column.
  await page.getByRole('tab', { name: 'Pipeline' }).click();
  await expect(page).toHaveURL(/\?tab=pipeline$/);
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitem', { name: 'Show all columns' }).click();
  await page.keyboard.press('Escape');
  expect(await columnHeaders(page)).toContain('Type');

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page).toHaveURL(/\?tab=catalogue&state=service_online$/);
  await expect(page.getByRole('tab', { name: 'Catalogue', selected: true })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('service_online');
  await expect.poll(() => columnHeaders(page)).not.toContain('Type');

  // The view goes again: Manage views → Delete.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('menuitem', { name: 'Manage views…' }).click();
  await page
    .getByRole('dialog', { name: 'Saved views' })
    .getByRole('button', { name: `Delete “${name}”` })
    .click();
  const ask = page.getByRole('dialog', { name: 'Delete this view?' });
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Saved views' }).getByText(name)).toHaveCount(0);
});

test('paula selects services on the integration list and exports exactly those as JSON', async ({ page }) => {
  await loggedIn(page, 'paula');
  await visit(page, '/sc/service-integration-list?scope=all');
  await expect(page.getByLabel('Show')).toHaveValue('all');
  const rows = table(page).locator('tbody tr');
  await expect(rows.nth(1)).toBeVisible();
  const names = [
    await rows.nth(0).getByRole('link').first().innerText(),
    await rows.nth(1).getByRole('link').first().innerText(),
  ];
  for (const name of names)
    await table(page)
      .getByRole('checkbox', { name: `Select ${name}` })
      .check();
  const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
  await expect(bar.getByText('2 rows selected')).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Start review' })).toBeVisible();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar.getByRole('link', { name: 'Export selected as JSON' }).click(),
  ]);
  // The server's export of the selected rows, in the list's order.
  expect(download.suggestedFilename()).toMatch(/^integration-list-selected-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { items: { name: string }[] };
  expect(exported.items.map((service) => service.name)).toEqual(names);

  // The list's own view exports too, in its order.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/integration-list/export.csv?scope=all',
  );
});

test('a visitor searches the public portfolio by provider and opens a service’s public page', async ({ page }) => {
  await visit(page, '/sc/public-service-portfolio');
  const current = page.getByRole('table', { name: /^Services online now/ });
  await expect(current.locator('tbody tr').first()).toBeVisible();
  await page.getByLabel('Provider').selectOption('HPC Centre North');
  await expect(page).toHaveURL(/provider=HPC\+Centre\+North/);
  const providers = await current.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(providers.length).toBeGreaterThan(0);
  expect(providers.every((provider) => provider.includes('HPC Centre North'))).toBe(true);
  await expectAccessible(page);

  const link = current.locator('tbody tr').first().getByRole('link');
  const name = await link.innerText();
  await link.click();
  await expect(page).toHaveURL(/\/sc\/public-service-portfolio\/SVC-\d{5}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'About the service' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo of HPC Centre North' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name}`));
  await expectAccessible(page);

  // The address stays: a reload shows the same service; an unknown ID says so.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await visit(page, '/sc/public-service-portfolio/SVC-99999');
  await expect(page.getByRole('heading', { level: 1, name: 'Service not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the service portfolio' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Public Service Portfolio' })).toBeVisible();
});

test('a list’s rows stay where they first appear, so a click on a row’s link lands on it', async ({ page }) => {
  // Every frame's position of the first row's link, from the page's first frame on: the column
  // chooser's code arrives after the rows and must not push them down.
  await page.addInitScript(() => {
    const tops: number[] = [];
    Object.assign(window, { firstRowTops: tops });
    const sample = () => {
      const link = document.querySelector('main tbody tr a');
      const top = link && Math.round(link.getBoundingClientRect().top);
      if (top !== null && top !== tops.at(-1)) tops.push(top);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await loggedIn(page, 'rita', { from: '/sc/resourcePackageReviewList' });
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  const tops = await page.evaluate(() => (window as unknown as { firstRowTops: number[] }).firstRowTops);
  expect(tops).toHaveLength(1);
});
