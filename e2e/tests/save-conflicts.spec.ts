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
