import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { as, closeNotifications, expectNotification } from '../services.js';

/**
 * Two people edit the same contact at once, each in a browser of their own. The second save is
 * refused (someone else saved first), and what was typed stays: the other person's value stands
 * beside it with the changed words marked, a field only they changed comes in, and the save waits
 * until the person chose per field (ADR 0085).
 */

const PATH = '/cd/contact-database';
const RUN = Date.now().toString(36);
const LASTNAME = `Zweifeld${RUN}`;

test('a save that lost the race keeps what was typed and lets the person choose per field', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loggedIn(page, 'carla', { from: PATH });
  await page.getByRole('button', { name: 'New contact' }).click();
  const created = page.getByRole('dialog', { name: 'New contact' });
  await created.getByRole('textbox', { name: 'Firstname' }).fill('Jana');
  await created.getByRole('textbox', { name: 'Lastname' }).fill(LASTNAME);
  await created.getByRole('textbox', { name: 'Notes' }).fill('Runs the storage');
  await created.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact created');
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: `${LASTNAME}, Jana` })).toBeVisible();
  const url = new URL(page.url());

  // The first person opens the form and starts typing.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const mine = page.getByRole('dialog', { name: 'Edit contact' });
  await mine.getByRole('textbox', { name: 'Notes' }).fill('Runs the storage and left the centre');

  // Meanwhile a second person, in a browser of their own, changes the notes and the firstname and saves.
  const other = await as(browser, 'carla', `${url.pathname}${url.search}`);
  await expect(other.getByRole('heading', { level: 1, name: `${LASTNAME}, Jana` })).toBeVisible();
  await other.getByRole('button', { name: 'Edit', exact: true }).click();
  const theirs = other.getByRole('dialog', { name: 'Edit contact' });
  await theirs.getByRole('textbox', { name: 'Firstname' }).fill('Johanna');
  await theirs.getByRole('textbox', { name: 'Notes' }).fill('Runs the storage and the backup');
  await theirs.getByRole('button', { name: 'Save' }).click();
  await expectNotification(other, 'Contact updated');

  // The first save is refused; nothing typed is lost, the other values stand beside it.
  await mine.getByRole('button', { name: 'Save' }).click();
  const notice = mine.getByTestId('save-conflict');
  await expect(notice).toContainText('Someone else saved first');
  await expect(mine.getByRole('textbox', { name: 'Notes' })).toHaveValue('Runs the storage and left the centre');
  await expect(mine.getByRole('textbox', { name: 'Firstname' })).toHaveValue('Johanna');
  await expect(notice).toContainText('Taken from their save, as you had not changed them: Firstname.');
  const notes = notice.locator('[data-field="notes"]');
  await expect(notes.locator('del').first()).toContainText('backup');
  await expect(notes.locator('ins').first()).toContainText('left');
  await expectAccessible(page);

  // The save waits for a choice, then goes through with the chosen value on their version.
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(notice.getByText('Choose for 1 more field before saving.')).toBeVisible();
  await notice.getByRole('group', { name: 'Value to keep: Notes' }).getByRole('button', { name: 'Keep mine' }).click();
  await mine.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Contact updated');
  await expect(page.getByRole('heading', { level: 1, name: `${LASTNAME}, Johanna` })).toBeVisible();
  await expect(page.getByText('Runs the storage and left the centre')).toBeVisible();
  await other.context().close();
});

test('an admin form keeps what was typed after a save conflict and saves the choice on the other version', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ENTITLEMENT = `urn:geant:example.org:group:conflict-${RUN}`;
  const TAB = '/manage/adminPanel?tab=entitlements';
  await loggedIn(page, 'admin', { from: TAB });
  await page.getByRole('button', { name: 'Add entitlement' }).click();
  const added = page.getByRole('dialog', { name: 'Add an entitlement' });
  await added.getByRole('textbox', { name: /^Entitlement/ }).fill(ENTITLEMENT);
  await added.getByRole('combobox', { name: /^Role/ }).selectOption('voManager');
  await added.getByRole('button', { name: 'Save' }).click();
  await expect(added).toBeHidden();
  await closeNotifications(page);

  // The admin opens the pair and starts changing it.
  await page.getByRole('button', { name: `Edit ${ENTITLEMENT}` }).click();
  const mine = page.getByRole('dialog', { name: 'Edit the entitlement' });
  await mine.getByRole('textbox', { name: /^Entitlement/ }).fill(`${ENTITLEMENT}:admins`);
  await mine.getByRole('combobox', { name: /^Role/ }).selectOption('voSupervisor');

  // Meanwhile a second session gives the pair another role and saves.
  const other = await as(browser, 'admin', TAB);
  await other.getByRole('button', { name: `Edit ${ENTITLEMENT}` }).click();
  const theirs = other.getByRole('dialog', { name: 'Edit the entitlement' });
  await theirs.getByRole('combobox', { name: /^Role/ }).selectOption('cloudServiceDesk');
  await theirs.getByRole('button', { name: 'Save' }).click();
  await expect(theirs).toBeHidden();

  // The first save is refused; what was typed stays, their role stands beside it to choose.
  await mine.getByRole('button', { name: 'Save' }).click();
  const notice = mine.getByTestId('save-conflict');
  await expect(notice).toContainText('Someone else saved first');
  await expect(mine.getByRole('textbox', { name: /^Entitlement/ })).toHaveValue(`${ENTITLEMENT}:admins`);
  await expect(mine.getByRole('combobox', { name: /^Role/ })).toHaveValue('voSupervisor');
  await expect(notice).toContainText('Cloud service desk');
  await expectAccessible(page);
  await notice.getByRole('group', { name: 'Value to keep: Role' }).getByRole('button', { name: 'Take theirs' }).click();
  await expect(mine.getByRole('combobox', { name: /^Role/ })).toHaveValue('cloudServiceDesk');
  await mine.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toBeHidden();
  const table = page.getByRole('table', { name: /^Entitlement → role/ });
  const row = table.getByRole('row').filter({ hasText: `${ENTITLEMENT}:admins` });
  await expect(row).toContainText('Cloud service desk');

  // The pair goes again, so the map stays as the other tests know it.
  await page.getByRole('button', { name: `Remove ${ENTITLEMENT}:admins` }).click();
  await page.getByRole('dialog', { name: 'Remove this entitlement?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await other.context().close();
});
