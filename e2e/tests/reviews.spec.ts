import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { as, closeNotifications, expectNotification } from '../services.js';

/**
 * A review round: paula (portfolio manager) starts a review for every service of the review list's
 * catalogue tab, alice answers "no changes" for one of her services from My Services, and the
 * review list shows her answer. Demo data: alice's catalogue services have no review yet.
 */
const SERVICE = 'HPC Batch Computing';

test('paula starts reviews for the catalogue, alice confirms no changes, the list shows it', async ({
  page: paula,
  browser,
}) => {
  test.setTimeout(240_000);
  await loggedIn(paula, 'paula', { from: '/sc/review-list' });
  await expect(paula.getByRole('heading', { level: 1, name: 'Service Review List' })).toBeVisible();
  await expect(paula.getByRole('table')).toBeVisible();
  await expectAccessible(paula);

  await paula.getByRole('tab', { name: 'Catalogue' }).click();
  await expect(paula).toHaveURL(/tab=catalogue/);
  const row = paula.getByRole('row').filter({ has: paula.getByRole('link', { name: SERVICE, exact: true }) });
  await expect(row).toContainText('No review');
  const start = paula.getByRole('button', { name: /^Start review for all listed \(\d+\)$/ });
  await expect(start).toBeEnabled();
  const count = Number(/\((\d+)\)/.exec((await start.textContent()) ?? '')![1]);
  expect(count).toBeGreaterThan(1);
  await start.click();
  const dialog = paula.getByRole('dialog', { name: 'Start reviews?' });
  await expect(dialog).toContainText(`A review starts for ${count} services.`);
  await expectAccessible(paula);
  await dialog.getByRole('button', { name: 'Yes, continue' }).click();
  await expectNotification(paula, 'Review started', `${count} services`);
  await closeNotifications(paula);
  await expect(row).toContainText('Waiting for provider');
  await expect(paula.getByRole('button', { name: 'Start review for all listed (0)' })).toBeDisabled();

  // alice finds the question in My Services and on the service.
  const alice = await as(browser, 'alice', '/sc/my-services');
  const waiting = alice.getByRole('region', { name: 'Reviews waiting for your answer' });
  await expect(waiting.getByRole('link', { name: SERVICE })).toBeVisible();
  await expectAccessible(alice);
  await waiting.getByRole('link', { name: SERVICE }).click();
  const banner = alice.getByRole('region', { name: 'Review of this service' });
  await expect(banner).toContainText('Waiting for provider');
  const serviceId = /\/sc\/service\/([^/?]+)/.exec(alice.url())![1];
  await expect(banner.getByRole('link', { name: 'Make a change request' })).toHaveAttribute(
    'href',
    `/sc/service-online-form/${serviceId}`,
  );
  await expectAccessible(alice);
  await banner.getByRole('button', { name: 'Confirm no changes' }).click();
  await expectNotification(alice, 'Thank you: no changes confirmed');
  await expect(banner).toContainText('No changes');
  await expect(banner.getByRole('button', { name: 'Confirm no changes' })).toHaveCount(0);

  // paula's list shows the answer, and whose it is.
  await paula.reload();
  await paula.getByLabel('Review status').selectOption({ label: 'No changes' });
  await expect(paula).toHaveURL(/status=finishedOK/);
  await expect(row).toContainText('No changes');
  await expect(row).toContainText('Alice Adler');
  await expectAccessible(paula);
});
