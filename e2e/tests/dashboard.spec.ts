import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';

/**
 * The logged-in home is the person's dashboard: paula (portfolio manager) finds the services and
 * requests waiting for her and follows one to its status tab; alice (service provider) finds her
 * services and follows one. Both pages pass axe, with the charts loaded.
 */

test('paula sees what waits for the portfolio manager and follows a link to it', async ({ page }) => {
  await loggedIn(page, 'paula', { from: '/' });
  const waiting = page.getByRole('region', { name: 'Waiting for me' });
  await expect(waiting.getByText(/items? waits? for you/)).toBeVisible();
  // The demo holds received applications: planning them is the portfolio manager's step.
  const plan = waiting.getByRole('link', { name: /^Plan the service: / }).first();
  await expect(plan).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services by status' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  const name = ((await plan.textContent()) ?? '').replace(/^Plan the service: /, '');
  await plan.click();
  await expect(page).toHaveURL(/\/sc\/service\/[^/]+\?tab=status$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

test('alice sees her services and opens one from the dashboard, in English and German', async ({ page }) => {
  await loggedIn(page, 'alice', { from: '/' });
  const mine = page.getByRole('region', { name: 'My services' });
  const service = mine.getByRole('link', { name: 'Lustre Scratch Storage' });
  await expect(service).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waiting for me' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services by centre' })).toBeAttached();
  // The modules and instructions stay below the dashboard.
  await expect(page.getByRole('region', { name: 'Instructions' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Wartet auf mich' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services nach Status' })).toBeAttached();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  await page.getByRole('region', { name: 'My services' }).getByRole('link', { name: 'Lustre Scratch Storage' }).click();
  await expect(page).toHaveURL(/\/sc\/service\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Lustre Scratch Storage' })).toBeVisible();
});

test('the global search opens on Ctrl+K and from the header, finds services and VOs, and passes axe', async ({
  page,
}) => {
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio' });
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog').getByRole('textbox', { name: 'Search the portal' });
  await expect(search).toBeFocused();
  await search.fill('lustre');
  const hit = page.getByRole('group', { name: 'Services' }).getByRole('button', { name: /Lustre Scratch Storage/ });
  await expect(hit).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sc\/service\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Lustre Scratch Storage' })).toBeVisible();

  // The button opens it too, for mouse and touch; Escape closes it.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Search the portal' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
