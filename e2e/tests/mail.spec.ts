import { expect, expectAccessible, test } from '../fixtures.js';
import { loginAsAdmin, loginWithAai } from '../login.js';

test('the portal manager finds the mail outbox in the admin panel, with a failed mail and its error', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Admin Panel' }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mail outbox' }).click();
  const table = page.getByRole('table', { name: /^Mail outbox/ });
  const failed = table.getByRole('row').filter({ hasText: 'bob@datacenter-south.example' });
  await expect(failed.getByText('Failed')).toBeVisible();
  await expect(failed.getByText(/Recipient address rejected/)).toBeVisible();
  // Mails the other tests' steps sent through the test SMTP server are listed as sent too.
  await expect(table.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
});

test('a user switches a kind of mail off from the profile menu', async ({ page }) => {
  await loginWithAai(page, 'bob');
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
