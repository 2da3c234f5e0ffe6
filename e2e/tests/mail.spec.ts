import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';

test('a user switches a kind of mail off from the profile menu', async ({ page }) => {
  await loggedIn(page, 'bob');
  await page.getByRole('button', { name: /Bob/ }).click();
  await page.getByRole('menuitem', { name: 'Mail settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mail Settings' })).toBeVisible();
  await expect(page.getByText('Your mails go to bob@datacenter-south.example.')).toBeVisible();
  await expectAccessible(page);
  const comments = page.getByRole('checkbox', { name: /New comments/ });
  await expect(comments).toBeChecked();
  await comments.uncheck();
  await page.getByRole('radio', { name: 'Deutsch' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your mail settings have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: /New comments/ })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
});
