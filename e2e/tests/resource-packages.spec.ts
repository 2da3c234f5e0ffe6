import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import { expectMailArrives } from '../mailbox.js';
import { as, closeNotifications, expectNotification, openTab } from '../services.js';

/**
 * A resource package from the first try to its approval: alice adds one to her online service
 * (without a name, then with broken JSON, then valid through the form generated from the type's
 * JSON Schema) and submits it; rita (resource package manager) rejects it with a comment from her
 * review list; alice fixes it and submits again; rita approves it on the policy view; the service's
 * resources tab shows it approved. Demo data: HPC Batch Computing is alice's and online.
 */

const RUN = Date.now().toString(36);
const SERVICE = 'HPC Batch Computing';
const PACKAGE = `Teaching cluster ${RUN}`;
const ALICE_MAIL = 'alice@hpc-north.example';
const REASON = `Please say which partition the course uses, run ${RUN}.`;

/** Picks an option of a Mantine select (a combobox whose list opens on click). */
const choose = async (page: Page, field: Locator, option: string) => {
  await field.click();
  await page.getByRole('option', { name: option, exact: true }).click();
};

/** The JSON view's editor: CodeMirror's editable element, named by the field's label. */
const jsonEditor = (scope: Locator) => scope.getByRole('textbox', { name: 'Policy as JSON' });

const replaceJson = async (page: Page, scope: Locator, text: string) => {
  const editor = jsonEditor(scope);
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  // One input event, so the editor's bracket closing does not add to what is typed.
  await page.keyboard.insertText(text);
};

const packageRow = (page: Page) => page.getByRole('row').filter({ has: page.getByText(PACKAGE, { exact: true }) });

test('a resource package from a first try to its approval', LONG_WALK, async ({ page: alice, browser }) => {
  test.setTimeout(360_000);

  // --- 1. alice opens her online service's resources --------------------------------------------
  await loggedIn(alice, 'alice', { from: '/sc/my-services' });
  await alice.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(alice.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await openTab(alice, 'Resources');
  const serviceUrl = alice.url();
  await alice.getByRole('button', { name: 'Add resource package' }).click();
  const dialog = alice.getByRole('dialog', { name: 'New Resource Package' });
  await expect(dialog).toBeVisible();
  await expectAccessible(alice);

  // --- 2. without a name ---------------------------------------------------------------------------
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Resource Package name cannot be empty')).toBeVisible();

  // --- 3. with broken JSON ---------------------------------------------------------------------------
  await dialog.getByRole('textbox', { name: 'Resource Package name' }).fill(PACKAGE);
  await choose(alice, dialog.getByRole('combobox', { name: 'Resource type' }), 'HPC compute time');
  await dialog.getByRole('textbox', { name: 'Quota in core hours' }).fill('80000');
  const names = dialog.getByRole('combobox', { name: 'Policy names' });
  await names.fill(`teaching-${RUN}`);
  await names.press('Enter');
  await dialog.getByText('JSON', { exact: true }).click();
  await replaceJson(alice, dialog, '{"partition": "standard",');
  await expectAccessible(alice);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(alice, 'Cannot save invalid JSON');
  await closeNotifications(alice);
  await expect(dialog).toBeVisible();

  // --- 4. valid, through the generated form ---------------------------------------------------------
  await replaceJson(alice, dialog, '{}');
  await dialog.getByText('Form', { exact: true }).click();
  await choose(alice, dialog.getByRole('combobox', { name: 'Partition' }), 'standard');
  await dialog.getByRole('textbox', { name: 'Longest job (hours)' }).fill('12');
  await dialog.getByRole('textbox', { name: 'Nodes per job' }).fill('4');
  await dialog.getByRole('checkbox', { name: 'GPUs allowed' }).check();
  // Model and hours belong to GPUs allowed: they come with the tick.
  await choose(alice, dialog.getByRole('combobox', { name: 'GPU model' }), 'A100');
  await dialog.getByRole('textbox', { name: 'GPU hours per year' }).fill('1000');
  await choose(alice, dialog.getByRole('combobox', { name: 'Quality of service' }), 'normal');
  await expectAccessible(alice);
  // The JSON view shows what the form wrote.
  await dialog.getByText('JSON', { exact: true }).click();
  await expect(jsonEditor(dialog)).toContainText('"max_wall_time_hours": 12');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(alice, 'Resource package created');
  await closeNotifications(alice);
  await expect(dialog).toBeHidden();
  await expect(packageRow(alice)).toContainText('Draft');
  await expect(packageRow(alice)).toContainText('80,000 core hours');

  // --- 5. alice submits it from the policy view -------------------------------------------------------
  await packageRow(alice).getByRole('link', { name: PACKAGE }).click();
  await expect(alice.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible();
  await expectAccessible(alice);
  const policyUrl = alice.url();
  await alice.getByRole('button', { name: 'Submit for review' }).click();
  await alice
    .getByRole('dialog', { name: `Submit ${PACKAGE} for review?` })
    .getByRole('button', { name: 'Submit for review' })
    .click();
  await expectNotification(alice, 'Status changed', 'Submitted');
  await closeNotifications(alice);
  await expect(alice.getByRole('button', { name: 'Withdraw submission' })).toBeVisible();
  // The mails' words follow each person's language (other tests may have left rita German): the
  // package's name is in the subject in every language.
  await expectMailArrives('rita@hpc-north.example', PACKAGE);

  // --- 6. rita rejects it from her review list, with a comment -------------------------------------
  const rita = await as(browser, 'rita', '/sc/resourcePackageReviewList');
  await expect(rita.getByRole('heading', { level: 1, name: 'Resource Package Review List' })).toBeVisible();
  await rita.getByRole('searchbox', { name: 'Search' }).fill(PACKAGE);
  await expect(packageRow(rita)).toHaveCount(1);
  await expect(packageRow(rita)).toContainText('Submitted');
  await expect(packageRow(rita)).toContainText('Alice Adler');
  await expectAccessible(rita);
  await packageRow(rita)
    .getByRole('button', { name: `Reject: ${PACKAGE}` })
    .click();
  const reject = rita.getByRole('dialog', { name: `Reject ${PACKAGE}` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please say why the package is rejected')).toBeVisible();
  await expectAccessible(rita);
  await reject.getByRole('textbox', { name: 'Why is the package rejected?' }).fill(REASON);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expectNotification(rita, 'Status changed', 'Rejected');
  await closeNotifications(rita);
  await expect(packageRow(rita)).toContainText('Rejected');
  await expectMailArrives(ALICE_MAIL, PACKAGE);

  // --- 7. alice reads why, fixes it in the resource form and submits again -------------------------
  await alice.reload();
  await expect(alice.getByRole('alert', { name: 'Rejected by the reviewer' })).toContainText(REASON);
  await alice.getByRole('link', { name: 'Edit policy as form' }).click();
  await expect(alice).toHaveURL(`${policyUrl}/resource-form`);
  await expect(alice.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(alice.getByRole('combobox', { name: 'Partition' })).toHaveValue('standard');
  await expectAccessible(alice);
  await choose(alice, alice.getByRole('combobox', { name: 'Partition' }), 'test');
  await alice.getByText('JSON', { exact: true }).click();
  await expect(jsonEditor(alice.getByRole('main'))).toContainText('"partition": "test"');
  await alice.getByRole('button', { name: 'Save' }).click();
  await expectNotification(alice, 'Resource package updated');
  await closeNotifications(alice);
  await expect(alice).toHaveURL(policyUrl);
  await expect(alice.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible();
  await alice.getByRole('button', { name: 'Submit for review' }).click();
  await alice
    .getByRole('dialog', { name: `Submit ${PACKAGE} for review?` })
    .getByRole('button', { name: 'Submit for review' })
    .click();
  await expectNotification(alice, 'Status changed', 'Submitted');
  await closeNotifications(alice);

  // --- 8. rita approves it on the policy view --------------------------------------------------------
  await rita.reload();
  await expect(packageRow(rita)).toContainText('Submitted');
  await packageRow(rita).getByRole('link', { name: PACKAGE }).click();
  await expect(rita.getByRole('heading', { level: 1, name: PACKAGE })).toBeVisible();
  // The policy in the type's words, not as JSON keys.
  const policy = rita.getByRole('region', { name: 'Policy' });
  await expect(policy.getByRole('definition').filter({ hasText: /^test$/ })).toBeVisible();
  await expect(policy.getByText('Longest job', { exact: true })).toBeVisible();
  await expect(policy.getByText('12 hours', { exact: true })).toBeVisible();
  await expectAccessible(rita);
  await rita.getByRole('button', { name: 'Approve' }).click();
  await rita
    .getByRole('dialog', { name: `Approve ${PACKAGE}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expectNotification(rita, 'Status changed', 'Approved');

  // --- 9. the service shows it approved ----------------------------------------------------------------
  await visit(alice, new URL(serviceUrl).pathname + new URL(serviceUrl).search);
  await expect(packageRow(alice)).toContainText('Approved');
  await expectAccessible(alice);
});

test('a new package saves with the policy its type’s form starts from, and says what it refuses', async ({ page }) => {
  // alice, the provider of HPC Batch Computing (the demo data).
  await loggedIn(page, 'alice', { from: '/sc/my-services' });
  await page.getByRole('link', { name: SERVICE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await openTab(page, 'Resources');
  await page.getByRole('button', { name: 'Add resource package' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Resource Package' });
  // The dialog opens on the form, which waits for a type.
  await expect(dialog.getByRole('radio', { name: 'Form' })).toBeChecked();
  await expect(jsonEditor(dialog)).toBeHidden();
  const name = `Default policy ${RUN}`;
  await dialog.getByRole('textbox', { name: 'Resource Package name' }).fill(name);
  await choose(page, dialog.getByRole('combobox', { name: 'Resource type' }), 'HPC compute time');
  await dialog.getByRole('textbox', { name: 'Quota in core hours' }).fill('1000');
  const names = dialog.getByRole('combobox', { name: 'Policy names' });
  await names.fill(`default-${RUN}`);
  await names.press('Enter');
  const gpus = dialog.getByRole('checkbox', { name: 'GPUs allowed' });
  await expect(gpus).not.toBeChecked();
  await expect(dialog.getByRole('combobox', { name: 'GPU model' })).toBeHidden();
  await gpus.check();
  await expect(dialog.getByRole('combobox', { name: 'GPU model' })).toBeVisible();
  await gpus.uncheck();
  await expect(dialog.getByRole('combobox', { name: 'GPU model' })).toBeHidden();
  // Out of range: kept as typed and answered, not pulled back to 168.
  const longest = dialog.getByRole('textbox', { name: 'Longest job (hours)' });
  await longest.fill('999');
  await longest.blur();
  await expect(longest).toHaveValue('999');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must be at most 168').first()).toBeVisible();
  await closeNotifications(page);
  await expectAccessible(page);
  await longest.fill('24');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Resource package created');
  await closeNotifications(page);
  await expect(dialog).toBeHidden();
  await page
    .getByRole('row')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('link', { name })
    .click();
  const policy = page.getByRole('region', { name: 'Policy' });
  await expect(policy.getByText('GPUs allowed', { exact: true })).toBeVisible();
  await expect(policy.getByText('24 hours', { exact: true })).toBeVisible();
});

test('the portal manager keeps the resource types in the admin panel', async ({ page }) => {
  await loggedIn(page, 'admin');
  await visit(page, '/manage/adminPanel');
  await expect(page.getByRole('tab', { name: 'Resource types', selected: true })).toBeVisible();
  const types = page.getByRole('tabpanel');
  await expect(types.getByRole('row').filter({ hasText: 'openstack-project' })).toBeVisible();
  await expectAccessible(page);

  await types.getByRole('button', { name: 'New type' }).click();
  const dialog = page.getByRole('dialog', { name: 'New resource type' });
  await dialog.getByRole('textbox', { name: 'Key' }).fill(`lab-${RUN}`);
  const fields: [string, string][] = [
    ['Name (English)', `Lab bench time ${RUN}`],
    ['Name (German)', `Laborzeit ${RUN}`],
    ['Description (English)', 'Hours at a shared lab bench.'],
    ['Description (German)', 'Stunden an einem gemeinsamen Laborplatz.'],
    ['Quota unit (English)', 'hours'],
    ['Quota unit (German)', 'Stunden'],
  ];
  for (const [label, value] of fields) await dialog.getByRole('textbox', { name: label }).fill(value);
  const schema = dialog.getByRole('textbox', { name: 'JSON Schema of the policy' });
  await schema.click();
  await page.keyboard.insertText('{"type": "object", "properties": {');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Cannot save invalid JSON');
  await closeNotifications(page);
  await schema.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText('{"type": "object", "properties": {"bench": {"title": "Bench", "type": "string"}}}');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Resource type created');
  await expect(types.getByRole('row').filter({ hasText: `lab-${RUN}` })).toContainText('Active');
});
