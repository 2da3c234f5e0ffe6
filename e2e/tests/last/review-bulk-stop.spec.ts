import { expect, expectAccessible, test } from '../../fixtures.js';
import { loggedIn } from '../../login.js';
import { expectNotification } from '../../services.js';

/**
 * Reviews can be stopped for all listed services, as they are started and ended: paula lists the
 * running reviews and stops them after a question that names their number. Last, since the other
 * walks start and answer reviews.
 */
test('paula stops every running review of the list after a question that names the count', async ({ page }) => {
  await loggedIn(page, 'paula', { from: '/sc/review-list?status=running' });
  await expect(page.getByRole('heading', { level: 1, name: 'Service Review List' })).toBeVisible();
  const stop = page.getByRole('button', { name: /^Stop review for all listed \(\d+\)$/ });
  await expect(stop).toBeEnabled();
  const count = Number(/\((\d+)\)/.exec((await stop.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(0);
  await stop.click();
  const dialog = page.getByRole('dialog', { name: 'Stop reviews?' });
  await expect(dialog).toContainText(`${count} service`);
  await expect(dialog).toContainText('as if');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await expectNotification(page, 'Review stopped', `${count} service`);
  await expect(page.getByRole('button', { name: 'Stop review for all listed (0)' })).toBeDisabled();
});
