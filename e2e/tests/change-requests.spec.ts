import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import { expectMailArrives } from '../mailbox.js';
import { as, closeNotifications, expectNotification, openTab } from '../services.js';

/**
 * Change requests, person by person: alice edits her online service in the Edit Service form,
 * which becomes a change request she hands in; while it waits, her fields are locked. paula
 * (portfolio manager) finds it in the Change Request List, accepts one field and discards the
 * other, releases and applies it; the service then shows the accepted value only, and its history
 * the change, and alice has the mail about it. The demo data's HPC Batch Computing (alice's, online) has no request of its own.
 */

const RUN = Date.now().toString(36);
const SERVICE = 'HPC Batch Computing';
const ACCEPTED = `Batch jobs on 40,000 cores, run ${RUN}.`;
const DISCARDED = `Every second Monday, run ${RUN}`;

const openOnlineForm = async (page: Page) => {
  await visit(page, '/sc/my-services');
  await page.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await page.getByRole('link', { name: 'Edit service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Service' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
  await expectAccessible(page);
};

test('a change request from the online form to the applied service', LONG_WALK, async ({ page: alice, browser }) => {
  test.setTimeout(300_000);

  // --- 1. alice proposes two changes and hands them in ------------------------------------------
  await loggedIn(alice, 'alice', { from: '/sc/my-services' });
  await openOnlineForm(alice);
  await alice.getByRole('textbox', { name: 'Short description' }).fill(ACCEPTED);
  await alice.getByRole('tab', { name: 'Availability and backups' }).click();
  await expect(alice.getByRole('tab', { name: 'Availability and backups', selected: true })).toBeVisible();
  await alice.getByRole('textbox', { name: 'Maintenance window' }).fill(DISCARDED);
  await expectAccessible(alice);
  await alice.getByRole('button', { name: 'Hand in change request' }).click();
  await expectNotification(alice, 'Change request sent');
  await closeNotifications(alice);

  // --- 2. handed in: the request shows read-only, waiting; nothing is left to edit here ----------
  await expect(
    alice.getByRole('status').filter({ hasText: 'The change request waits for the portfolio manager' }),
  ).toBeVisible();
  await expect(alice.getByText('Handed in', { exact: true })).toBeVisible();
  await expect(alice.getByRole('textbox', { name: 'Maintenance window' })).toHaveCount(0);
  await expect(alice.getByRole('button', { name: 'Save change request' })).toHaveCount(0);
  await expectAccessible(alice);

  // The service view's change request tab shows it handed in, current → new.
  await alice.getByRole('link', { name: 'Open the service view' }).click();
  await openTab(alice, 'Change request');
  const open = alice.getByRole('region', { name: 'Open change request' });
  await expect(open.getByText('Handed in', { exact: true })).toBeVisible();
  await expect(open.getByText(ACCEPTED)).toHaveCount(1);
  const serviceUrl = alice.url().replace(/\?.*$/, '');

  // --- 3. paula decides, releases and applies -----------------------------------------------------
  const paula = await as(browser, 'paula', '/sc/change-request-list');
  await expect(paula.getByRole('heading', { level: 1, name: 'Change Request List' })).toBeVisible();
  await expectAccessible(paula);
  await paula.getByRole('searchbox', { name: 'Search by service or author' }).fill(SERVICE);
  await paula.getByLabel('Status').selectOption({ label: 'Handed in' });
  const row = paula.getByRole('row').filter({ hasText: SERVICE });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open/ }).click();
  const dialog = paula.getByRole('dialog', { name: `Change request for ${SERVICE}` });
  await expect(dialog).toBeVisible();
  await expectAccessible(paula);
  // Release waits, saying why, until every field is decided; deciding is part of releasing.
  const release = dialog.getByRole('button', { name: 'Release' });
  await expect(release).toBeDisabled();
  await expect(dialog.getByText('Decide 2 more fields to release.')).toBeVisible();
  // The changed words are marked in old → new.
  await expect(dialog.locator('[data-field="maintenanceWindow"] ins').first()).toBeVisible();
  await dialog
    .getByRole('group', { name: 'Decision: Short description' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await dialog
    .getByRole('group', { name: 'Decision: Maintenance window' })
    .getByRole('button', { name: 'Discard' })
    .click();
  await expect(dialog.getByRole('button', { name: 'Save decisions' })).toHaveCount(0);
  await expectAccessible(paula);
  await release.click();
  await expectNotification(paula, 'Release done');
  await closeNotifications(paula);
  await expect(dialog.getByText('Released', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expectNotification(paula, 'Change request applied');
  await closeNotifications(paula);
  await expect(dialog.getByText('Applied', { exact: true })).toBeVisible();
  await expectAccessible(paula);
  // The outbox sent alice, of the provider side, the news through a real SMTP server.
  await expectMailArrives('alice@hpc-north.example', SERVICE, 'change request applied');

  // --- 4. the service holds the accepted value, not the discarded one; the history says so ---------
  // paula edits directly on the service information tab, its one editor: the values stand in its inputs.
  await paula.goto(`${serviceUrl}?tab=information`);
  await expect(paula.getByRole('textbox', { name: 'Short description' })).toHaveValue(ACCEPTED);
  await expect(paula.getByRole('link', { name: 'Edit service' })).toHaveCount(0);
  await paula.goto(`${serviceUrl}?tab=information&page=availability_backups`);
  await expect(paula.getByRole('textbox', { name: 'Maintenance window' })).not.toHaveValue(DISCARDED);
  await paula.goto(`${serviceUrl}?tab=history`);
  await expect(paula.getByRole('tabpanel').getByText(ACCEPTED).first()).toBeVisible();
  await expect(paula.getByRole('tabpanel')).not.toContainText(DISCARDED);
  // The history names the request: who handed it in, which fields were applied and discarded.
  const named = paula.getByRole('row').filter({ hasText: 'Change request applied' });
  await expect(named).toContainText('Handed in by: Alice Adler');
  await expect(named).toContainText('Fields applied: Short description');
  await expect(named).toContainText('Fields discarded: Maintenance window');
  await expectAccessible(paula);

  // alice's fields are free again: the request is no longer open.
  await alice.reload();
  await expect(alice.getByRole('region', { name: 'Earlier change requests' }).getByText('Applied')).toBeVisible();
  await expect(alice.getByText('The change request waits for the portfolio manager')).toHaveCount(0);
  await expectAccessible(alice);
});
