import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bearerOf, expect, expectAccessible, test, visit } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import { chooseOption } from '../services.js';

/**
 * The service lists (ADR 0010) as people use them. The demo data gives every list something
 * to show; what a test counts, sorts and pages it creates itself through the API (51 drafts of
 * bob's, one with its own keyword), so the figures do not depend on the demo set. bob, not alice:
 * the other browser tests follow alice's services.
 */

const PROBE = 'Paging probe';
const PROBE_COUNT = 51;
const PROBE_KEYWORD = 'quokka-probe';
const probeName = (n: number) => `${PROBE} ${String(n).padStart(2, '0')}`;

const bearer = async (page: Page) => {
  const headers = await bearerOf(page);
  if (!headers) throw new Error('not logged in');
  return headers;
};

/** bob's probe services; skipped when an earlier worker of this run created them already. */
const createProbes = async (page: Page) => {
  await loggedIn(page, 'bob');
  const headers = await bearer(page);
  const existing = await page.request.get(`/api/services/mine?q=${encodeURIComponent(PROBE)}`, { headers });
  expect(existing.ok()).toBe(true);
  if (((await existing.json()) as { total: number }).total >= PROBE_COUNT) return;
  const keywords = await page.request.post('/api/keywords', { headers, data: { names: [PROBE_KEYWORD] } });
  expect(keywords.status()).toBe(201);
  const [keyword] = ((await keywords.json()) as { items: { id: string }[] }).items;
  for (let n = 1; n <= PROBE_COUNT; n += 1) {
    const data = n === 7 ? { name: probeName(n), keywords: [keyword!.id] } : { name: probeName(n) };
    const created = await page.request.post('/api/services', { headers, data });
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
const firstRowLink = (page: Page) => rows(page).first().getByRole('link');
const search = (page: Page) => page.getByRole('searchbox', { name: 'Search' });
const pager = (page: Page) => page.getByRole('navigation', { name: 'Pages of the list' });

test(
  'paula works through the portfolio: tabs, search, filters, sort, pages, reload and back',
  LONG_WALK,
  async ({ page }) => {
    await loggedIn(page, 'paula');
    await visit(page, '/sc/service-portfolio');
    await expect(page.getByRole('heading', { level: 1, name: 'Service Portfolio' })).toBeVisible();
    await expect(page).toHaveTitle('Service Portfolio');
    await expect(page.getByRole('tab', { name: 'Application', selected: true })).toBeVisible();
    for (const tab of ['Pipeline', 'Catalogue', 'Offboarding / Retired', 'Withdrawn', 'My Centre’s Services']) {
      await expect(page.getByRole('tab', { name: tab })).toBeVisible();
    }
    // A portfolio manager steers the portfolio but does not apply.
    await expect(page.getByRole('link', { name: 'New Application' })).toHaveCount(0);

    // Another tab: its own states in the filter; the back button returns to the first tab.
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\?tab=catalogue$/);
    await expect(page.getByRole('tab', { name: 'Catalogue', selected: true })).toBeVisible();
    await expect(page.getByLabel('Status').locator('option')).toHaveText([
      'All states',
      'Service Online',
      'Service Not Available',
      'Service Full Capacity Reached',
    ]);
    await expect(rows(page).first()).toBeVisible();
    await expectAccessible(page);
    await page.goBack();
    await expect(page.getByRole('tab', { name: 'Application', selected: true })).toBeVisible();

    // Search (debounced): the 51 probes, 50 on the first page.
    await search(page).fill(PROBE);
    await expect(page).toHaveURL(/q=Paging\+probe/);
    await expect(page.getByText(`${PROBE_COUNT} services`)).toBeVisible();
    await expect(page.getByText('Showing 1–50 of 51')).toBeVisible();
    await expect(rows(page)).toHaveCount(50);

    // Sort by name, then the other way round.
    const nameHeader = table(page).getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(firstRowLink(page)).toHaveText(probeName(1));
    await nameHeader.getByRole('button', { name: 'Name' }).click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(firstRowLink(page)).toHaveText(probeName(PROBE_COUNT));

    // The second page holds the last one; a reload keeps tab, search, sort and page.
    await pager(page).getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/sort=name&order=desc&page=2/);
    await expect(rows(page)).toHaveCount(1);
    await expect(firstRowLink(page)).toHaveText(probeName(1));
    await expect(page.getByText('Showing 51–51 of 51')).toBeVisible();
    await expectAccessible(page);
    await page.reload();
    await expect(firstRowLink(page)).toHaveText(probeName(1));
    await expect(search(page)).toHaveValue(PROBE);
    await expect(table(page).getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await page.goBack();
    await expect(rows(page)).toHaveCount(50);

    // Filters: state (back to page 1), provider, keyword.
    await page.getByLabel('Status').selectOption({ label: 'Application Draft' });
    await expect(page).toHaveURL(/state=application_draft/);
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText(`${PROBE_COUNT} services`)).toBeVisible();
    await page.getByLabel('Provider').selectOption({ label: 'HPC Centre North (HPCN)' });
    await expect(page.getByText('No services match this view.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear the filters' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Provider').selectOption({ label: 'Datacenter South (DCS)' });
    await expect(page.getByText(`${PROBE_COUNT} services`)).toBeVisible();
    await chooseOption(page, page.getByRole('combobox', { name: 'Keyword' }), 'quokka', '/api/keywords', PROBE_KEYWORD);
    await expect(page).toHaveURL(/keyword=[0-9a-f-]{36}/);
    await expect(page.getByText('1 service', { exact: true })).toBeVisible();
    await expect(firstRowLink(page)).toHaveText(probeName(7));

    // The export holds exactly this view.
    const exportLink = page.getByRole('link', { name: 'Export CSV' });
    await expect(exportLink).toHaveAttribute('href', /^\/api\/services\/export\.csv\?tab=application&q=Paging\+probe/);
    const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain(probeName(7));
    expect(csv).not.toContain(probeName(8));

    // Selected rows export on their own, built from the rows on screen.
    await page.getByRole('button', { name: 'Reset search and filters' }).click();
    await search(page).fill(PROBE);
    await expect(page.getByText(`${PROBE_COUNT} services`)).toBeVisible();
    await table(page)
      .getByRole('checkbox', { name: `Select ${probeName(50)}` })
      .check();
    await table(page)
      .getByRole('checkbox', { name: `Select ${probeName(51)}` })
      .check();
    const bulk = page.getByRole('region', { name: 'Actions for the selected rows' });
    await expect(bulk).toContainText('2 rows selected');
    const [selection] = await Promise.all([
      page.waitForEvent('download'),
      bulk.getByRole('link', { name: 'Export selected as CSV' }).click(),
    ]);
    expect(selection.suggestedFilename()).toMatch(/^services-selected-\d{4}-\d{2}-\d{2}\.csv$/);
    const selectedCsv = readFileSync((await selection.path())!, 'utf8');
    // Like the server's export: a byte order mark (Excel), CRLF lines; trim() would drop the mark.
    expect(selectedCsv.startsWith('\uFEFF')).toBe(true);
    const selected = selectedCsv.slice(1).trimEnd().split('\r\n');
    expect(selected[0]).toBe(
      'Service ID,Name,Status,Provider,Service type,Weighted score,Keywords,Short description,Last edit,Online since',
    );
    expect(
      selected
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual([probeName(50), probeName(51)]);

    // Fewer columns, remembered for paula after a reload.
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Type' }).click();
    await page.keyboard.press('Escape');
    await expect(table(page).getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
    await page.reload();
    await expect(rows(page).first()).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: 'Type' })).toHaveCount(0);
    await expectAccessible(page);

    // A row leads to the service, by keyboard too: a cell of the first row, then Enter.
    await rows(page).first().locator('td').nth(1).click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    // The service remembers the list it came from (its breadcrumb leads back there).
    await expect(page).toHaveURL(/\/sc\/service\/[0-9a-f-]{36}\?from=%2Fsc%2Fservice-portfolio/);
  },
);

test('alice finds her services in My Services and may start a new application', async ({ page }) => {
  await loggedIn(page, 'alice');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('button', { name: 'Service Portfolio' })
    .click();
  await page.getByRole('menuitem', { name: 'My Services' }).click();
  await expect(page).toHaveURL('/sc/my-services');
  await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New Application' })).toHaveAttribute('href', '/sc/service-application');
  await expect(rows(page).nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', /tab=mine/);
  await expectAccessible(page);

  // Sorted by service ID, oldest first.
  const idHeader = table(page).getByRole('columnheader', { name: /Service ID/ });
  await idHeader.getByRole('button', { name: 'Service ID' }).click();
  await expect(page).toHaveURL(/sort=serviceId&order=asc/);
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
  // The first cell of a row holds its selection box; the service ID comes next. The header shows
  // the new order at once, the rows once the server answered: wait for them.
  const ids = () => rows(page).locator('td:nth-child(2)').allTextContents();
  await expect.poll(async () => (await ids()).length).toBeGreaterThan(1);
  await expect
    .poll(async () => {
      const shown = await ids();
      return shown.join() === [...shown].sort().join();
    })
    .toBe(true);

  // Only her own: bob's drafts are not among them.
  await search(page).fill(PROBE);
  await expect(page.getByText('No services match this view.')).toBeVisible();
});

test('ivan sees the integration list ranked by weighted score, highest first', async ({ page }) => {
  await loggedIn(page, 'ivan');
  await visit(page, '/sc/service-integration-list');
  await expect(page.getByRole('heading', { level: 1, name: 'Service Integration List' })).toBeVisible();
  await expect(rows(page).nth(1)).toBeVisible();
  // The server's ranking; no column offers another order.
  await expect(table(page).getByRole('button')).toHaveCount(0);
  const scoreColumn = await table(page)
    .locator('thead th')
    .allTextContents()
    .then((headers) => headers.indexOf('Score'));
  expect(scoreColumn).toBeGreaterThan(-1);
  const scores = (
    await rows(page)
      .locator(`td:nth-child(${scoreColumn + 1})`)
      .allTextContents()
  ).map((text) => Number(text.replace(/,/g, '')));
  expect(scores.every((score) => Number.isFinite(score))).toBe(true);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(scores[0]).toBeGreaterThan(0);
  // It exports its own view (in integration work by default), in its order.
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/api/integration-list/export.csv',
  );
});

test('a logged-out visitor sees the current and the past services with German dates', async ({ page }) => {
  await visit(page, '/sc/public-service-portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Public Service Portfolio' })).toBeVisible();
  const current = page.getByRole('table', { name: 'Services online now' });
  await expect(page.getByRole('heading', { level: 2, name: 'Current services' })).toBeVisible();
  // Each header is a sort button; its arrow is decoration.
  await expect(current.getByRole('columnheader')).toHaveText([/^Name/, /^Provider/, /^Online since/, /^Status/]);
  await expect(current.locator('tbody tr').first()).toBeVisible();
  await expect(current.locator('tbody tr').first().locator('td').nth(2)).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Past services' })).toBeVisible();
  const past = page.getByRole('table', { name: 'Services no longer offered' });
  await expect(past.getByRole('columnheader')).toHaveText([/^Name/, /^Provider/, /^Online from–till/, /^Status/]);
  await expect(past.locator('tbody tr').first().locator('td').nth(2)).toHaveText(
    /^\d{1,2}\.\d{1,2}\.\d{4} – \d{1,2}\.\d{1,2}\.\d{4}$/,
  );
  // Only services that went online are public: none of the drafts.
  await expect(page.getByText(PROBE)).toHaveCount(0);
});

test('nora, without a role, is told where the server would refuse her', async ({ page }) => {
  await loggedIn(page, 'nora');
  // My Services, like New Application, is for service providers and the service desk (ADR 21); the
  // admin panel is the portal manager's.
  for (const path of [
    '/sc/service-portfolio',
    '/sc/service-integration-list',
    '/sc/my-services',
    '/manage/adminPanel',
  ]) {
    await visit(page, path);
    await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'New Application' })).toHaveCount(0);
  }
});
