import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { closeNotifications, expectNotification, nextSteps, openTab } from '../services.js';

/**
 * Steps that change what the public sees ask first (docs/adr/0084-steps-that-ask-and-the-change-request-lock.md).
 * alice pauses her GPU Cluster for Machine Learning (demo data: at full capacity) with a reason and
 * an expected end; a visitor reads both on the public portfolio and the service's public page; she
 * then sets it back to full capacity without a notice, as the demo data has it. The walk stays off
 * service_online, so the review list's counts of the other walks do not move.
 */
const SERVICE = 'GPU Cluster for Machine Learning';
const REASON = `Cooling repair in the machine room (${Date.now().toString(36)})`;
const END_YEAR = new Date().getFullYear() + 1;

test('pausing a live service asks first, and the public reads the reason and the expected end', async ({
  page: alice,
  browser,
}) => {
  test.setTimeout(180_000);
  await loggedIn(alice, 'alice', { from: '/sc/my-services' });
  await alice.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(alice.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();

  // The steps that pause the service are secondary; the way back online is the primary one.
  const steps = nextSteps(alice);
  await expect(steps.getByRole('button', { name: 'Not available', exact: true })).toHaveAttribute(
    'data-variant',
    'default',
  );
  await expect(steps.getByRole('button', { name: 'Online', exact: true })).toHaveAttribute('data-variant', 'filled');

  await steps.getByRole('button', { name: 'Not available', exact: true }).click();
  const dialog = alice.getByRole('dialog', { name: 'Not available' });
  await expect(dialog).toContainText('The public portfolio shows the service as “Service not available” to everyone');
  await expectAccessible(alice);
  // Cancelling changes nothing.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(alice.getByText('Service Full Capacity Reached').first()).toBeVisible();

  await steps.getByRole('button', { name: 'Not available', exact: true }).click();
  await dialog.getByRole('textbox', { name: 'Reason shown to users' }).fill(REASON);
  await dialog.getByRole('textbox', { name: 'Expected end' }).fill(`30.6.${END_YEAR}`);
  await dialog.getByRole('textbox', { name: 'Expected end' }).press('Tab');
  await dialog.getByRole('button', { name: 'Not available', exact: true }).click();
  await expectNotification(alice, 'Status changed', 'The new status is Service Not Available.');
  await closeNotifications(alice);
  const shown = alice.getByRole('region', { name: 'Shown to the public' });
  await expect(shown).toContainText(REASON);
  await expect(shown).toContainText(`Expected until 30.6.${END_YEAR}`);
  await openTab(alice, 'History');
  await expect(alice.getByRole('tabpanel')).toContainText(REASON);

  // A visitor without login reads it beside the status, in the list and on the service's page.
  const visitor = await (await browser.newContext()).newPage();
  await visit(visitor, `/sc/public-service-portfolio?q=${encodeURIComponent('GPU Cluster')}`);
  const row = visitor
    .getByRole('region', { name: 'Current services' })
    .getByRole('row')
    .filter({ has: visitor.getByRole('link', { name: SERVICE, exact: true }) });
  await expect(row).toContainText('Service Not Available');
  await expect(row).toContainText(REASON);
  await expect(row).toContainText(`Expected until 30.6.${END_YEAR}`);
  await row.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await expect(visitor.locator('main')).toContainText(REASON);
  await expectAccessible(visitor);

  // Back to full capacity, as the demo data has it: the notice given before is offered, and emptied.
  await openTab(alice, 'Manage status');
  await steps.getByRole('button', { name: 'Full capacity reached', exact: true }).click();
  const full = alice.getByRole('dialog', { name: 'Full capacity reached' });
  await expect(full.getByRole('textbox', { name: 'Reason shown to users' })).toHaveValue(REASON);
  await full.getByRole('textbox', { name: 'Reason shown to users' }).fill('');
  await full.getByRole('button', { name: /^Clear/ }).click();
  await full.getByRole('button', { name: 'Full capacity reached', exact: true }).click();
  await expectNotification(alice, 'Status changed', 'The new status is Service Full Capacity Reached.');
  await expect(alice.getByRole('region', { name: 'Shown to the public' })).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.locator('main')).not.toContainText(REASON);
});

test('while a change request is handed in, the portfolio manager sees the information locked, and why', async ({
  page: paula,
}) => {
  // Demo data: alice's Lustre Scratch Storage has a change request handed in.
  await loggedIn(paula, 'paula', { from: '/sc/service-portfolio?tab=catalogue&q=Lustre' });
  await paula.getByRole('link', { name: 'Lustre Scratch Storage', exact: true }).click();
  await expect(paula.getByRole('heading', { level: 1, name: 'Lustre Scratch Storage' })).toBeVisible();
  await openTab(paula, 'Service information');
  const lock = paula.getByRole('status').filter({ hasText: 'locked by a change request' });
  await expect(lock).toContainText('not even the portfolio manager');
  await expect(paula.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(paula.getByRole('textbox', { name: 'Short description' })).toHaveCount(0);
  await lock.getByRole('link', { name: 'Open the change request' }).click();
  await expect(paula.getByRole('tab', { name: 'Change request', selected: true })).toBeVisible();
  // axe then looks at the loaded request, not at the loader before it.
  await expect(paula.getByRole('region', { name: 'Open change request' })).toContainText('Handed in');
  await expectAccessible(paula);

  // The Edit Service form, which the header no longer offers a direct editor, saves nothing either.
  const serviceId = new URL(paula.url()).pathname.split('/').pop()!;
  await paula.goto(`/sc/service-online-form/${serviceId}`);
  await expect(paula.getByRole('heading', { level: 1, name: 'Edit Service' })).toBeVisible();
  await expect(paula.getByRole('status').filter({ hasText: 'locked by a change request' })).toBeVisible();
  await expect(paula.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expect(paula.getByRole('textbox', { name: 'Short description' })).toHaveCount(0);
  await expectAccessible(paula);
});

test('"Check" on the service information says what the next step needs, or that it passes', async ({ page }) => {
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio?tab=pipeline&state=service_information_draft' });
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await openTab(page, 'Service information');
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: /Validation (not )?passed/ });
  await expect(result).toBeVisible();
  await expect(result).toContainText('Submit service information');
  await expectAccessible(page);
});
