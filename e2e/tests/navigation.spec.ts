import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { expectMenuGroups, mainNavigation, MENU_GROUPS } from '../menus.js';

/**
 * Each role's menu. victor's, carla's and nora's are checked where they first log in for their own
 * flow (vos.spec.ts, dashboard.spec.ts); nora's refusal of a screen in portfolio.spec.ts.
 */

test('alice, a service provider, sees the service portfolio menu with New Application', async ({ page }) => {
  await loggedIn(page, 'alice');
  await expectMenuGroups(page, ['Service Portfolio']);
  await mainNavigation(page).getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  for (const entry of ['New Application', 'My Services', 'Public Service Portfolio']) {
    await expect(page.getByRole('menuitem', { name: entry })).toBeVisible();
  }
  await expect(page.getByRole('menuitem', { name: 'Service Integration List' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Handover of Gone People' })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole('menuitem', { name: 'New Application' }).click();
  await expect(page).toHaveURL('/sc/service-application');
  await expect(page.getByRole('heading', { level: 1, name: 'New Service Application' })).toBeVisible();
  await expect(page).toHaveTitle('New Service Application');
  // Logged in, the home page's restricted texts are links.
  await page.goto('/');
  await expect(page.getByRole('main').getByRole('link', { name: 'New Application', exact: true })).toBeVisible();
  // My VOs is not for a service provider: plain text, not a link to a refusal.
  await expect(page.getByRole('main').getByRole('link', { name: 'My VOs', exact: true })).toHaveCount(0);
});

test('paula, a portfolio manager, sees the integration, field, review and change request lists and the handover but no New Application', async ({
  page,
}) => {
  await loggedIn(page, 'paula');
  // My VOs lists the VO applications waiting for her review.
  await expectMenuGroups(page, ['Service Portfolio', 'VO Registration']);
  await mainNavigation(page).getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Service Integration List' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Change Request List' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Service Field List' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Service Review List' })).toBeVisible();
  for (const entry of ['New Application', 'My Services']) {
    await expect(page.getByRole('menuitem', { name: entry })).toHaveCount(0);
  }
  await page.getByRole('menuitem', { name: 'Handover of Gone People' }).click();
  await expect(page).toHaveURL('/sc/handover');
  await expect(page.getByRole('heading', { level: 1, name: 'Handover' })).toBeVisible();
});

test('the portal manager sees every menu group; the shell works by keyboard: skip link first, menus open with the keyboard', async ({
  page,
}) => {
  await loggedIn(page, 'admin', { from: '/' });
  // A fresh load: after the first login of a worker the page came from the login form, and the
  // browser's sequential focus starting point stays where the form's button was.
  await page.reload();
  await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  const group = mainNavigation(page).getByRole('button', { name: 'Service Portfolio', exact: true });
  await group.focus();
  const outline = await group.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'New Application' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'New Application' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/sc/service-application');
  await expectAccessible(page);

  await expectMenuGroups(page, MENU_GROUPS);
  await mainNavigation(page).getByRole('button', { name: 'Service Portfolio', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Handover of Gone People' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/manage/adminPanel');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await expectAccessible(page);
});
