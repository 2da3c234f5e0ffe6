import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { as, closeNotifications, expectNotification } from '../services.js';

// Both walks change the review states of the catalogue, and the bulk start sends the number of
// services it counted, which the server checks: in one file they run one after the other, so the
// job starting a review cannot change that number between the count and the question's answer.

/**
 * A review comes due (docs/adr/0116-reviews-on-a-schedule.md): paula sets the next review of
 * alice's online JupyterHub on HPC to today, the portal manager runs the review schedule now (what
 * the hourly run does once the date has come, without moving the portal's clock: ADR 0115), and
 * alice answers the review that started by itself. Demo data: the service's date is months away.
 */
const DUE_SERVICE = 'JupyterHub on HPC';

/** Today as the date input takes it (5.1.2027), in the alliance's time zone. */
const today = () =>
  new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(new Date());

test('a review comes due: paula sets today, the scheduled job starts it, alice answers', async ({
  page: paula,
  browser,
}) => {
  test.setTimeout(240_000);
  await loggedIn(paula, 'paula', { from: '/sc/review-list?tab=catalogue' });
  await paula.getByRole('link', { name: DUE_SERVICE, exact: true }).click();
  await expect(paula.getByRole('heading', { level: 1, name: DUE_SERVICE })).toBeVisible();
  await expect(paula.getByText(/^Next review:/)).toContainText('set by the portfolio management');
  await paula.getByRole('button', { name: `Change date of the next review of ${DUE_SERVICE}` }).click();
  const dialog = paula.getByRole('dialog', { name: `Next review of ${DUE_SERVICE}` });
  const date = dialog.getByRole('textbox', { name: 'Date of the next review' });
  await date.fill(today());
  await date.press('Tab');
  await expectAccessible(paula);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(paula, 'Next review date saved', today());
  await closeNotifications(paula);
  await expect(paula.getByText(/^Next review:/)).toContainText(today());

  // The portal manager runs the schedule now, as its next run would.
  const admin = await browser.newPage();
  await loggedIn(admin, 'admin', { from: '/manage/adminPanel?tab=scheduledJobs' });
  const jobs = admin.getByRole('table', { name: 'Scheduled jobs' });
  const row = jobs.getByRole('row').filter({ hasText: 'Reviews on schedule' });
  await expect(row).toBeVisible();
  await expectAccessible(admin);
  await row.getByRole('button', { name: 'Run now: Reviews on schedule' }).click();
  await expectNotification(admin, 'Reviews on schedule ran');
  await expect(row).not.toContainText('Never');
  await admin.close();

  // alice finds the question on her service and answers it.
  const alice = await as(browser, 'alice', '/sc/my-services');
  const waiting = alice.getByRole('region', { name: 'Reviews waiting for your answer' });
  await waiting.getByRole('link', { name: DUE_SERVICE }).click();
  const banner = alice.getByRole('region', { name: 'Review of this service' });
  await expect(banner).toContainText('Waiting for provider');
  await expectAccessible(alice);
  await banner.getByRole('button', { name: 'Confirm no changes' }).click();
  await expectNotification(alice, 'Thank you: no changes confirmed');
  await expect(banner).toContainText('No changes');
});

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
