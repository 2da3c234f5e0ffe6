import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { expectNotification } from '../services.js';

/**
 * A pilot nears its end and paula extends it (docs/adr/0121-pilot-services.md): the demo's Remote
 * Visualisation went online 10 months ago, so its 9-month notice is due. The portal manager runs
 * the pilot notices job now (what its hourly run does, without moving the portal's clock: ADR
 * 0115), paula finds the pilot on her home and on Pilots ending, and extends it once.
 */
const SERVICE = 'Remote Visualisation';

/** A day six months from now as the date input takes it (5.1.2027): after the pilot's end, two months away. */
const inSixMonths = () => {
  const day = new Date();
  day.setUTCMonth(day.getUTCMonth() + 6);
  return new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone: 'Europe/Berlin',
  }).format(day);
};

test('a pilot at 10 months: the notices job runs, paula finds it and extends it once', async ({
  page: paula,
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await browser.newPage();
  await loggedIn(admin, 'admin', { from: '/manage/adminPanel?tab=scheduledJobs' });
  const row = admin
    .getByRole('table', { name: 'Scheduled jobs' })
    .getByRole('row')
    .filter({ hasText: 'Pilot notices' });
  await row.getByRole('button', { name: 'Run now: Pilot notices' }).click();
  await expectNotification(admin, 'Pilot notices ran');
  await admin.close();

  await loggedIn(paula, 'paula');
  const pilots = paula.getByRole('region', { name: 'Pilots ending' });
  await expect(pilots.getByRole('listitem').filter({ hasText: SERVICE })).toContainText('Ends in 3 months');
  await pilots.getByRole('link', { name: 'Show the pilots ending' }).click();
  await expect(paula.getByRole('heading', { level: 1, name: 'Pilots Ending' })).toBeVisible();
  const listed = paula.getByRole('row').filter({ hasText: SERVICE });
  await expect(listed).toContainText('Ends in 3 months');
  await expectAccessible(paula);
  await listed.getByRole('link', { name: SERVICE }).click();

  await expect(paula.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await expect(paula.getByText(/^Pilot until/)).toBeVisible();
  await paula.getByRole('button', { name: `Extend the pilot ${SERVICE}` }).click();
  const dialog = paula.getByRole('dialog', { name: `Extend the pilot ${SERVICE}` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('The visualisation users asked for six more months.');
  const end = dialog.getByRole('textbox', { name: 'New end date' });
  await end.fill(inSixMonths());
  await end.press('Tab');
  await expectAccessible(paula);
  await dialog.getByRole('button', { name: 'Extend' }).click();
  await expectNotification(paula, 'Pilot extended', inSixMonths());
  await expect(paula.getByText(/^Pilot until/)).toContainText(`${inSixMonths()} (extended)`);
  await expect(paula.getByRole('button', { name: `Extend the pilot ${SERVICE}` })).toHaveCount(0);
});
