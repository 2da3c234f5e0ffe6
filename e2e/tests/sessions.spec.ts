import { expect, expectAccessible, storedSession, test } from '../fixtures.js';
import { loginWithAai } from '../login.js';

test('a person sees their own sessions and ends the current one, which logs them out', async ({ page }) => {
  // A login of its own: ending it leaves the sessions other tests reuse alone.
  await loginWithAai(page, 'desk');
  await page.getByRole('button', { name: 'Dana Desk' }).click();
  await page.getByRole('menuitem', { name: 'Sessions' }).click();
  await expect(page).toHaveURL('/profile/sessions');
  await expect(page.getByRole('heading', { level: 1, name: 'My Sessions' })).toBeVisible();
  const current = page.getByRole('row').filter({ hasText: 'This session' });
  await expect(current).toHaveCount(1);
  await expect(current).toContainText('Chrome');
  await expectAccessible(page);

  await current.getByRole('button', { name: /^End session: logged in on/ }).click();
  const dialog = page.getByRole('dialog', { name: 'End this session?' });
  await expect(dialog.getByText('This is the session you are using now: you are logged out here.')).toBeVisible();
  await dialog.getByRole('button', { name: 'End session' }).click();
  await expect(page).toHaveURL('/');
  expect(await storedSession(page)).toBeNull();
  await page.goto('/profile/sessions');
  await expect(page).toHaveURL('/login?redirect=%2Fprofile%2Fsessions');
});
