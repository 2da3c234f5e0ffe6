import { expect, expectAccessible, test } from '../../fixtures.js';
import { loggedIn, loginWithAai } from '../../login.js';

/**
 * Runs in the project "after-the-rest" (playwright.config.ts): it ends every session of sven, which
 * the other specs' reused logins may hold.
 */
test('the portal manager ends all sessions of sven; his open page is logged out at its next request', async ({
  page,
  browser,
}) => {
  const context = await browser.newContext();
  const sven = await context.newPage();
  await loginWithAai(sven, 'sven');
  await sven.goto('/vo/my-vos');
  await expect(sven.getByRole('heading', { level: 1, name: 'My VOs' })).toBeVisible();

  await loggedIn(page, 'admin');
  await page.goto('/cd/user-accounts');
  await page.getByRole('searchbox', { name: 'Search' }).fill('sven');
  await expect(page.getByText('1 user account', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: /Sven/ }).click();
  await page.getByRole('button', { name: 'End all sessions' }).click();
  const dialog = page.getByRole('dialog', { name: /^End all sessions of Sven/ });
  await expect(dialog.getByText(/is logged out everywhere at once and must log in again/)).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'End all sessions' }).click();
  await expect(page.getByText(/sessions? of Sven .* ended\./).last()).toBeVisible();
  await expect(page.getByRole('cell', { name: /All sessions ended/ }).first()).toBeVisible();

  // His next request is refused: the app logs him out and asks for a login.
  await sven.reload();
  await expect(sven).toHaveURL(/\/login/);
  await context.close();
});
