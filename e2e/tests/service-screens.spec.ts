import { expect, expectAccessible, test } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import {
  as,
  closeNotifications,
  completeApplication,
  createApplication,
  expectApplicationIncomplete,
  expectNotification,
  fillApplication,
  fillServiceInformation,
  nextSteps,
  openTab,
  pick,
  runAction,
} from '../services.js';

/**
 * The single service screens as their users walk them: alice writes an application and
 * the service information, paula plans the service and activates its documents. The whole life
 * up to retirement is service-lifecycle.spec.ts; this one looks at the screens' behaviour.
 */

const RUN = Date.now().toString(36);
const NAME = `Research Data Vault ${RUN}`;
const KEYWORD = `vault-${RUN}`;

test('a service from application to submitted information, screen by screen', LONG_WALK, async ({ page, browser }) => {
  test.setTimeout(480_000);

  // --- New application: the name is all a save needs -------------------------------------------
  await loggedIn(page, 'alice', { from: '/sc/service-application' });
  const id = await createApplication(page, NAME);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Nothing to save');

  // Completing needs every application field.
  await expectApplicationIncomplete(page);
  await fillApplication(page, 'many');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Cannot save Service', 'Please resolve errors before saving');
  const users = page.getByRole('textbox', { name: /Current users/ });
  await expect(users).toHaveAccessibleDescription(/Please enter a valid number/);
  await users.fill('120');
  await completeApplication(page, id, NAME);

  // --- paula plans it ----------------------------------------------------------------------------
  const paula = await as(browser, 'paula', `/sc/service/${id}?tab=status`);
  await expect(paula.getByRole('tab', { name: 'Manage status', selected: true })).toBeVisible();
  await expectAccessible(paula);
  await runAction(paula, 'Plan service', 'Service Planned');

  // --- alice opens the service information -------------------------------------------------------
  await page.goto(`/sc/service/${id}?tab=status`);
  await expect(nextSteps(page).getByRole('button')).toHaveText(
    ['Withdraw service offer', 'Back to service information in draft'],
    { useInnerText: true },
  );
  await runAction(page, 'Back to service information in draft', 'Service Information Draft');

  // Copy the service ID from the onboarding tab.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(page.url()).origin });
  await openTab(page, 'Onboarding');
  await page.getByRole('button', { name: 'Copy service ID' }).click();
  await expectNotification(page, 'Copied to clipboard', /^.*SVC-\d{5}/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^SVC-\d{5}$/);

  // Comments: empty is refused, then added.
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expectNotification(page, 'Field cannot be empty', 'Please add a text');
  await page.getByRole('textbox', { name: 'New comment' }).fill('Filling in the service information now.');
  await page.getByRole('button', { name: 'Add comment' }).click();
  await expectNotification(page, 'Comment added');
  await expect(page.getByRole('listitem').filter({ hasText: 'Filling in the service information now.' })).toBeVisible();
  await closeNotifications(page);

  // The information, page by page; a page with an error is not left.
  await openTab(page, 'Service information');
  await fillServiceInformation(page, KEYWORD);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Service updated');
  await closeNotifications(page);

  // --- weighting answers and the score -----------------------------------------------------------
  await openTab(page, 'Weighting criteria');
  await page.getByRole('combobox', { name: 'Initiated by' }).selectOption({ label: 'The alliance (several centres)' });
  await page.getByRole('combobox', { name: 'Expected users' }).selectOption({ label: '100 to 1,000' });
  const initiated = page.getByRole('row', { name: /Initiated by/ });
  await expect(initiated.getByRole('cell').nth(1)).toHaveText('3');
  await expect(initiated.getByRole('cell').nth(2)).toHaveText('2');
  await expect(initiated.getByRole('cell').nth(3)).toHaveText('6');
  await expect(page.getByRole('row', { name: /Score of the service/ })).toContainText('12');

  // Unsaved answers: a tab switch, a link out of the screen and the back button ask first;
  // staying keeps the answers.
  const initiatedBy = page.getByRole('combobox', { name: 'Initiated by' });
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await page.getByRole('tab', { name: 'Ownership' }).click();
  await expect(leave).toContainText('Your changes on this tab are not saved yet.');
  await expectAccessible(page);
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await expect(leave).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Weighting criteria', selected: true })).toBeVisible();
  await expect(initiatedBy).toHaveValue('alliance');
  await page.getByRole('banner').getByRole('link').first().click();
  await expect(leave).toContainText('Your changes on this page are not saved yet.');
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await page.goBack();
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Stay here' }).click();
  await expect(page).toHaveURL(new RegExp(`/sc/service/${id}\\?tab=weighting$`));
  await expect(initiatedBy).toHaveValue('alliance');

  await page.getByRole('button', { name: 'Save weighting' }).click();
  await expectNotification(page, 'Service updated', 'The score of the service is now 12.');
  await closeNotifications(page);

  // --- ownership: service owner and further admins -----------------------------------------------
  await openTab(page, 'Ownership');
  const ownerRegion = page.getByRole('region', { name: 'Service owner' });
  const addAdmin = page.getByRole('combobox', { name: 'Further admin to add' });
  // The object owner names the service owner; the service owner (and admins, manager) the admins.
  await expect(addAdmin).toHaveCount(0);
  await pick(page, page.getByRole('combobox', { name: 'New Service owner' }), 'Alice', /Alice Adler/);
  await page.getByRole('button', { name: 'Assign' }).click();
  await expectNotification(page, 'Service updated', 'Alice Adler is now Service owner.');
  await expect(ownerRegion).toContainText('Alice Adler');
  await pick(page, addAdmin, 'Julia', /Julia Fischer/);
  await page.getByRole('button', { name: 'Add admin' }).click();
  await expectNotification(page, 'Service updated', 'Julia Fischer is now a further admin.');
  await expect(page.getByRole('region', { name: /Further admins/ })).toContainText('Julia Fischer');
  await page.getByRole('button', { name: 'Remove Julia Fischer' }).click();
  await expectNotification(page, 'Service updated', 'Julia Fischer is no longer a further admin.');
  await expect(page.getByRole('button', { name: 'Remove Julia Fischer' })).toHaveCount(0);
  await closeNotifications(page);
  await pick(page, page.getByRole('combobox', { name: 'New Service owner' }), 'Daniel', /Daniel Wagner/);
  await page.getByRole('button', { name: 'Assign' }).click();
  await expectNotification(page, 'Service updated', 'Daniel Wagner is now Service owner.');
  await expect(ownerRegion).toContainText('Daniel Wagner');
  await expect(addAdmin).toHaveCount(0);
  // Only the portfolio manager changes the object owner.
  await expect(page.getByRole('combobox', { name: 'New Object owner' })).toHaveCount(0);
  await expectAccessible(page);
  await closeNotifications(page);

  // --- responsibilities: the object owner names the service manager while drafting ----------------
  await openTab(page, 'Responsibilities');
  await pick(page, page.getByRole('combobox', { name: 'New Service manager' }), 'Henrik', /Henrik Nordmann/);
  await page.getByRole('region', { name: 'Service manager' }).getByRole('button', { name: 'Assign' }).click();
  await expectNotification(page, 'Service updated', 'Henrik Nordmann is now Service manager.');
  await expect(page.getByRole('region', { name: 'Service manager' })).toContainText('Henrik Nordmann');
  await closeNotifications(page);

  // The screens speak German too.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'DE' }).click();
  await expect(page.getByRole('tab', { name: 'Zuständigkeiten', selected: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Service Manager' })).toContainText('Henrik Nordmann');
  await expectAccessible(page);
  await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('tab', { name: 'Responsibilities', selected: true })).toBeVisible();

  // --- documents: paula activates, alice uploads, downloads, deletes ------------------------------
  await openTab(page, 'Documents');
  await expect(page.getByText('The documents area of this service is not activated.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Activate documents' })).toHaveCount(0);
  await paula.goto(`/sc/service/${id}?tab=documents`);
  await paula.getByRole('button', { name: 'Activate documents' }).click();
  await expectNotification(paula, 'Documents activated');
  await page.reload();
  // The hidden input behind the drop zone's "Choose a file" button.
  const file = page.getByLabel('File', { exact: true });
  await file.setInputFiles({ name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectNotification(page, 'Cannot upload File', 'File is empty!');
  await file.setInputFiles({
    name: 'operations-plan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Operations plan of the vault.\n'),
  });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectNotification(page, 'File uploaded', 'operations-plan.txt');
  const link = page.getByRole('link', { name: 'operations-plan.txt' });
  await expect(link).toBeVisible();
  await expectAccessible(page);
  const download = page.waitForEvent('download');
  await link.click();
  expect((await download).suggestedFilename()).toBe('operations-plan.txt');
  await closeNotifications(page);
  await page.getByRole('button', { name: 'Delete operations-plan.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete document' });
  await expect(dialog).toContainText('Do you really want to delete operations-plan.txt?');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'File deleted', 'operations-plan.txt');
  await expect(page.getByText('No documents yet.')).toBeVisible();

  // --- submit the service information -------------------------------------------------------------
  await openTab(page, 'Service information');
  await page.getByRole('button', { name: 'Submit service information' }).click();
  await expectNotification(page, 'Status changed', 'The new status is Service Information Received.');
  await expect(page.getByText('you cannot edit it in the current status')).toBeVisible();

  // --- history: the steps, newest first -----------------------------------------------------------
  await openTab(page, 'History');
  const history = page.getByRole('tabpanel').getByRole('table');
  const statusRows = history.getByRole('row').filter({ hasText: 'Status changed' });
  await expect(statusRows).toHaveCount(4);
  await expect(statusRows.first()).toContainText('Service Information Draft → Service Information Received');
  await expect(statusRows.last()).toContainText('Application Draft → Application Received');
  await expect(
    history.getByRole('row').filter({ hasText: 'Paula Peters' }).filter({ hasText: 'Status changed' }),
  ).toContainText('Application Received → Service Planned');
  for (const action of ['Service created', 'Comment added', 'File uploaded', 'File deleted', 'Documents activated']) {
    await expect(history.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  }
  await expect(history.getByRole('row').filter({ hasText: 'Service created' })).toContainText(
    /(^|\D)\d{1,2}\.\d{1,2}\.\d{4}, \d{2}:\d{2}/,
  );

  await paula.context().close();
});

test('an unknown service says "Cannot find Service"', async ({ page }) => {
  await loggedIn(page, 'alice', { from: '/sc/service/00000000-0000-4000-8000-000000000000' });
  await expect(page.getByRole('heading', { level: 1, name: 'Cannot find Service' })).toBeVisible();
});
