import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../../fixtures.js';
import { loggedIn } from '../../login.js';
import { expectMailArrives } from '../../mailbox.js';
import { as, closeNotifications, expectNotification, openTab } from '../../services.js';
import { movePortalClock, resetPortalClock } from '../../portal-clock.js';

/**
 * An announced downtime by the schedule (docs/adr/0124-announced-downtimes.md): bob subscribes to
 * the downtimes of alice's HPC Batch Computing on its public page, alice announces an outage for
 * tomorrow and bob gets the mail; the walk moves the portal's clock into the downtime and the
 * portal manager runs the job, the public page shows it running and the service not available,
 * and bob gets the start's mail; past its end and after the next run the service is online again
 * and the public page shows no downtime. Here under tests/last, as the moved clock would disturb
 * walks running beside it; the clock goes back to real time in any case.
 */
const SERVICE = 'HPC Batch Computing';
const BOB = 'bob@datacenter-south.example';
/**
 * bob's mails come in the language of his mail settings, which the mail walk sets to German before
 * this walk runs after the rest, and which stays English when this walk runs alone.
 */
const ANNOUNCED = /downtime announced|Ausfallzeit angekündigt/;
const STARTED = /downtime started|Ausfallzeit begonnen/;
const DESCRIPTION = 'The batch system gets a new scheduler; running jobs are held and resumed.';

/** Tomorrow in the alliance's time zone, as the date input takes it (5.1.2027) and as YYYY-MM-DD. */
const tomorrow = () => {
  const day = new Date(Date.now() + 24 * 3_600_000);
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'Europe/Berlin' }).format(day);
  const iso = `${part({ year: 'numeric' })}-${part({ month: '2-digit' })}-${part({ day: '2-digit' })}`;
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return { iso, typed: `${date}.${month}.${year}` };
};

/** A moment tomorrow in the browser's time zone (the walk's is Europe/Berlin), as the portal's clock takes it. */
const momentTomorrow = (page: Page, day: string, time: string) =>
  page.evaluate(([d, t]) => new Date(`${d}T${t}:00`).toISOString(), [day, time] as const);

/** The portal manager runs the downtimes job now, as its minute's run would. */
const runDowntimesJob = async (browser: Browser) => {
  const admin = await browser.newPage();
  await loggedIn(admin, 'admin', { from: '/manage/adminPanel?tab=scheduledJobs' });
  const row = admin.getByRole('table', { name: 'Scheduled jobs' }).getByRole('row').filter({ hasText: 'Downtimes' });
  await row.getByRole('button', { name: 'Run now: Downtimes' }).click();
  await expectNotification(admin, 'Downtimes ran');
  await admin.close();
};

test('a downtime announced for tomorrow: bob subscribes, the moved clock starts and ends it', async ({
  page: bob,
  browser,
}) => {
  test.setTimeout(300_000);
  const day = tomorrow();
  try {
    // bob subscribes on the service's public page.
    await loggedIn(bob, 'bob', { from: '/sc/public-service-portfolio' });
    await bob.getByRole('link', { name: SERVICE, exact: true }).click();
    await expect(bob.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
    const publicUrl = bob.url();
    const section = bob.getByRole('region', { name: 'Downtimes' });
    await section.getByRole('button', { name: 'Subscribe to downtimes' }).click();
    await expectNotification(bob, 'Subscribed to downtimes', SERVICE);
    await expect(section.getByRole('button', { name: 'Unsubscribe from downtimes' })).toBeVisible();

    // alice announces an outage for tomorrow, 10:00 to 12:00.
    const alice = await as(browser, 'alice', '/sc/my-services');
    await alice.getByRole('link', { name: SERVICE, exact: true }).click();
    await expect(alice.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
    await openTab(alice, 'Downtimes');
    await alice.getByRole('button', { name: 'Announce downtime' }).click();
    const dialog = alice.getByRole('dialog', { name: `Announce a downtime of ${SERVICE}` });
    await expect(dialog.getByRole('radio', { name: /^Outage/ })).toBeChecked();
    for (const [label, time] of [
      ['Start', '10:00'],
      ['End', '12:00'],
    ] as const) {
      const date = dialog.getByRole('textbox', { name: `${label}: day` });
      await date.fill(day.typed);
      await date.press('Tab');
      await dialog.getByLabel(`${label}: time`).fill(time);
    }
    await dialog.getByRole('textbox', { name: 'Description (English)' }).fill(DESCRIPTION);
    await expectAccessible(alice);
    await dialog.getByRole('button', { name: 'Announce' }).click();
    await expectNotification(alice, 'Downtime announced', `${day.typed}, 10:00 – 12:00`);
    await closeNotifications(alice);
    const row = alice.getByRole('row').filter({ hasText: DESCRIPTION });
    await expect(row).toContainText('Coming');
    await expect(alice.locator('.downtime-line')).toContainText(`Downtime announced: ${day.typed}, 10:00 – 12:00`);
    await expectMailArrives(BOB, SERVICE, ANNOUNCED);

    // The public page shows it coming.
    await bob.goto(publicUrl);
    await expect(section).toContainText(`${day.typed}, 10:00 – 12:00`);
    await expect(section).toContainText('Coming');

    // Into the downtime: the job starts it, the service is not available.
    await movePortalClock(await momentTomorrow(bob, day.iso, '11:00'));
    await runDowntimesJob(browser);
    await bob.goto(publicUrl);
    await expect(section).toContainText('Now');
    await expect(section).toContainText(DESCRIPTION);
    await expect(bob.locator('.public-service-facts')).toContainText('Service Not Available');
    await expectAccessible(bob);
    await expectMailArrives(BOB, SERVICE, STARTED);
    await bob.goto('/sc/public-service-portfolio');
    await expect(bob.getByRole('row').filter({ hasText: SERVICE })).toContainText('Downtime now');

    // Past its end: the job ends it, the service is online again.
    await movePortalClock(await momentTomorrow(bob, day.iso, '12:30'));
    await runDowntimesJob(browser);
    await bob.goto(publicUrl);
    await expect(section).toContainText('No downtime is running or announced.');
    await expect(bob.locator('.public-service-facts')).toContainText('Service Online');
    await alice.reload();
    await expect(alice.getByRole('row').filter({ hasText: DESCRIPTION })).toContainText('Ended');
    await alice.close();
  } finally {
    await resetPortalClock();
  }
});
