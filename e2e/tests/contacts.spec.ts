import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bearerOf, expect, expectAccessible, test, visit } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import { chooseOption, closeNotifications, expectNotification, openTab } from '../services.js';

/**
 * The Contact Database as carla (contact manager) uses it: she finds a demo contact by an umlaut
 * prefix, creates a contact (refused without a lastname and with a bad e-mail, then saved with two
 * addresses, the second one primary), adds a property once it is saved, relates it to a service,
 * is refused its deletion while the relation holds it, exports the person's data, removes the
 * relation and deletes it. A second contact is erased with everything held about them.
 */

const PATH = '/cd/contact-database';
const SERVICE = 'HPC Batch Computing';

const newContactDialog = (page: Page) => page.getByRole('dialog', { name: 'New contact' });

const searchFor = async (page: Page, q: string) => {
  const answered = page.waitForResponse(
    (response) => response.url().includes('/api/contacts?') && response.url().includes('q='),
  );
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill(q);
  await answered;
};

test('carla keeps a contact from the first save to its deletion, and erases another', LONG_WALK, async ({ page }) => {
  test.setTimeout(360_000);

  // --- 1. the list, and a search with an umlaut prefix ---------------------------------------------
  await loggedIn(page, 'carla', { from: PATH });
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Database' })).toBeVisible();
  await expectAccessible(page);
  await searchFor(page, 'mül');
  await expect(page).toHaveURL(/[?&]q=m%C3%BCl/);
  const rows = page.getByRole('table').getByRole('link');
  await expect(rows.first()).toContainText(/^Müller, /);
  for (const name of await rows.allTextContents()) expect(name).toMatch(/^Müller, /);
  await expectAccessible(page);

  // --- 2. New contact: refused without a lastname, then for the e-mail ------------------------------
  await page.getByRole('button', { name: 'New contact' }).click();
  const form = newContactDialog(page);
  await expect(form).toBeVisible();
  await expect(form.getByText('Save the contact once; then you can add its properties.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Add property' })).toBeDisabled();
  await form.getByRole('textbox', { name: 'Firstname' }).fill('Törben');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please fill out Firstname and Lastname').first()).toBeVisible();
  await expectAccessible(page);
  await form.getByRole('textbox', { name: 'Lastname' }).fill('Würfel');
  await form.getByRole('textbox', { name: 'E-mail' }).fill('toerben.wuerfel.example.org');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();
  await form.getByRole('textbox', { name: 'E-mail' }).fill('toerben.wuerfel@example.org');

  // Two addresses; the second becomes the primary one.
  await form.getByRole('button', { name: 'Add address' }).click();
  const first = form.getByRole('group', { name: 'Address 1' });
  await first.getByRole('textbox', { name: 'Street' }).fill('Am Hafen 1');
  await first.getByRole('textbox', { name: 'Postal code' }).fill('24103');
  await first.getByRole('textbox', { name: 'City' }).fill('Kiel');
  await first.getByRole('textbox', { name: 'Country' }).fill('Deutschland');
  await form.getByRole('button', { name: 'Add address' }).click();
  const second = form.getByRole('group', { name: 'Address 2' });
  await second.getByRole('textbox', { name: 'Street' }).fill('Königstraße 7');
  await second.getByRole('textbox', { name: 'Postal code' }).fill('80331');
  await second.getByRole('textbox', { name: 'City' }).fill('München');
  await second.getByRole('textbox', { name: 'Country' }).fill('Deutschland');
  await form.getByRole('radio', { name: 'Primary address: Address 2' }).check();
  await expect(form.getByRole('radio', { name: 'Primary address: Address 1' })).not.toBeChecked();
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact created', 'Würfel, Törben');
  await closeNotifications(page);

  // --- 3. the details; a property after the first save --------------------------------------------
  await expect(page.getByRole('heading', { level: 1, name: 'Würfel, Törben' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]contact=/);
  const addresses = page.getByRole('region', { name: 'Addresses' });
  await expect(addresses.getByText('Primary')).toHaveCount(1);
  await expect(addresses.getByText(/Königstraße 7/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contact' });
  await expect(edit.getByRole('button', { name: 'Add property' })).toBeEnabled();
  await edit.getByRole('button', { name: 'Add property' }).click();
  await edit.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Cluster' });
  await edit.getByRole('textbox', { name: 'Value' }).fill('Nordlicht');
  await expectAccessible(page);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact updated');
  await closeNotifications(page);
  await expect(edit).toBeHidden();
  const properties = page.getByRole('region', { name: 'Properties' });
  await expect(properties.getByText('Nordlicht')).toBeVisible();
  await expect(properties.getByText('Cluster')).toBeVisible();

  // --- 4. a relation to a service -------------------------------------------------------------------
  await openTab(page, 'Relations (0)');
  await chooseOption(
    page,
    page.getByRole('combobox', { name: 'Service', exact: true }),
    'HPC Batch',
    '/api/contacts/service-targets',
    new RegExp(SERVICE),
  );
  await page.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Technical contact' });
  await page.getByRole('button', { name: 'Add relation' }).click();
  await expectNotification(page, 'Relation added');
  await closeNotifications(page);
  const relations = page.getByRole('table', { name: 'Relations' });
  await expect(relations.getByRole('link', { name: new RegExp(SERVICE) })).toBeVisible();
  await expect(relations.getByRole('cell', { name: 'Technical contact' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Relations (1)' })).toBeVisible();
  await expectAccessible(page);

  // --- 5. delete refused while the relation holds the contact: said before anything is asked ---------
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const held = page.getByRole('dialog', { name: 'The contact cannot be deleted yet' });
  await expect(held).toContainText('Würfel, Törben');
  await expect(held.getByRole('listitem')).toHaveText(new RegExp(`^Technical contact: .*${SERVICE}`));
  await expect(held.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expectAccessible(page);
  await held.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Würfel, Törben' })).toBeVisible();

  // --- 6. the person's data as a file ---------------------------------------------------------------
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export data' }).click(),
  ]);
  const data = JSON.parse(readFileSync((await download.path())!, 'utf8'));
  expect(JSON.stringify(data)).toContain('Törben');
  expect(JSON.stringify(data)).toContain('Nordlicht');
  expect(JSON.stringify(data)).toContain(SERVICE);

  // --- 7. the relation removed, the contact deleted --------------------------------------------------
  await openTab(page, 'Relations (1)');
  await page.getByRole('button', { name: new RegExp(`^Remove relation to .*${SERVICE}`) }).click();
  await expectNotification(page, 'Relation removed');
  await closeNotifications(page);
  await expect(page.getByText('This contact has no relations yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete contact?' }).getByRole('button', { name: 'Delete' }).click();
  await expectNotification(page, 'Contact deleted', 'Würfel, Törben');
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Database' })).toBeVisible();
  await searchFor(page, 'würfel');
  await expect(page.getByText('No contacts found')).toBeVisible();

  // --- 8. another contact, erased with what hangs on it ----------------------------------------------
  await visit(page, PATH);
  await page.getByRole('button', { name: 'New contact' }).click();
  const other = newContactDialog(page);
  await other.getByRole('textbox', { name: 'Firstname' }).fill('Zoë');
  await other.getByRole('textbox', { name: 'Lastname' }).fill('Öztürk');
  await other.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact created', 'Öztürk, Zoë');
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Öztürk, Zoë' })).toBeVisible();
  await page.getByRole('button', { name: 'Erase', exact: true }).click();
  const confirmErase = page.getByRole('dialog', { name: 'Erase contact?' });
  await expect(confirmErase).toContainText('Öztürk, Zoë');
  await expectAccessible(page);
  await confirmErase.getByRole('button', { name: 'Erase' }).click();
  await expectNotification(page, 'The contact and everything held about them were erased');
  await closeNotifications(page);
  await searchFor(page, 'oeztü');
  await expect(page.getByText('No contacts found')).toBeVisible();
});

test('a service provider is not let in, on the screen nor through the API', async ({ page }) => {
  await loggedIn(page, 'alice', { from: PATH });
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  const headers = (await bearerOf(page))!;
  expect((await page.request.get('/api/contacts', { headers })).status()).toBe(403);
});

test('an edit that lost a race says so inside the dialog, beside Save and not over it, and shows the other change', async ({
  page,
}) => {
  await loggedIn(page, 'carla', { from: PATH });
  await page.getByRole('button', { name: 'New contact' }).click();
  const created = newContactDialog(page);
  await created.getByRole('textbox', { name: 'Firstname' }).fill('Ilse');
  await created.getByRole('textbox', { name: 'Lastname' }).fill('Racewitz');
  await created.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact created', 'Racewitz, Ilse');
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Racewitz, Ilse' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit contact' });
  await expect(edit.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Ilse');
  // Meanwhile someone else saves the contact (here through the API, as another instance would).
  const id = new URL(page.url()).searchParams.get('contact');
  const headers = (await bearerOf(page))!;
  const now = await (await page.request.get(`/api/contacts/${id}`, { headers })).json();
  const other = await page.request.patch(`/api/contacts/${id}`, {
    headers,
    data: {
      version: now.version,
      firstname: 'Ilsa',
      lastname: now.lastname,
      email: now.email,
      emailNotPersonal: now.emailNotPersonal,
      institutionId: now.institutionId,
      otherInstitution: now.otherInstitution,
      notes: now.notes,
      addresses: now.addresses,
      properties: now.properties,
    },
  });
  expect(other.status(), await other.text()).toBe(200);

  await edit.getByRole('textbox', { name: 'Lastname' }).fill('Racewitz-Lang');
  const save = edit.getByRole('button', { name: 'Save' });
  await save.click();
  const error = edit.getByRole('alert').filter({ hasText: 'The contact cannot be saved' });
  await expect(error).toContainText('Someone else saved first. What you typed is kept');
  // Their firstname comes in, as it was not typed here; the lastname typed stays.
  await expect(edit.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Ilsa');
  await expect(edit.getByRole('textbox', { name: 'Lastname' })).toHaveValue('Racewitz-Lang');
  // Nothing lies over the Save button: no notification in the window's corner, and the error below it.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  const saveBox = (await save.boundingBox())!;
  const errorBox = (await error.boundingBox())!;
  expect(errorBox.y, 'the error below Save').toBeGreaterThanOrEqual(saveBox.y + saveBox.height);
  await expectAccessible(page);
});
