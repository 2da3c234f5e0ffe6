import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { as, closeNotifications, expectNotification } from '../services.js';

/**
 * A review comes due (docs/adr/0116-reviews-on-a-schedule.md): paula sets the next review of
 * alice's online JupyterHub on HPC to today, the portal manager runs the review schedule now (what
 * the hourly run does once the date has come, without moving the portal's clock: ADR 0115), and
 * alice answers the review that started by itself. Demo data: the service's date is months away.
 */
const SERVICE = 'JupyterHub on HPC';

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
  await paula.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(paula.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await expect(paula.getByText(/^Next review:/)).toContainText('set by the portfolio management');
  await paula.getByRole('button', { name: `Change date of the next review of ${SERVICE}` }).click();
  const dialog = paula.getByRole('dialog', { name: `Next review of ${SERVICE}` });
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
  await waiting.getByRole('link', { name: SERVICE }).click();
  const banner = alice.getByRole('region', { name: 'Review of this service' });
  await expect(banner).toContainText('Waiting for provider');
  await expectAccessible(alice);
  await banner.getByRole('button', { name: 'Confirm no changes' }).click();
  await expectNotification(alice, 'Thank you: no changes confirmed');
  await expect(banner).toContainText('No changes');
});
