import { formatDate } from '@nubes/domain';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { as, closeNotifications, expectNotification, nextSteps, openTab } from '../services.js';

/**
 * Offboarding with a retirement plan (docs/adr/0122-retirement-plan.md): bob completes the plan of
 * his discontinued Tape Archive Classic, which the demo data began with its reason and successor;
 * a visitor reads the planned end and the successor on its public page; paula retires it.
 */
const SERVICE = 'Tape Archive Classic';
const SUCCESSOR = 'Long-term Data Archive';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day from today as the portal writes and the date input takes it (5.1.2027). */
const inDays = (days: number) => formatDate(new Date(Date.now() + days * DAY_MS));

test('bob completes the retirement plan, the public page shows its end and successor, paula retires the service', async ({
  page: bob,
  browser,
}) => {
  test.setTimeout(180_000);
  // Other walks give bob services of their own: he finds this one by its name.
  await loggedIn(bob, 'bob', { from: `/sc/my-services?q=${encodeURIComponent(SERVICE)}` });
  await bob.getByRole('link', { name: SERVICE, exact: true }).first().click();
  await expect(bob.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  const address = new URL(bob.url()).pathname;

  await openTab(bob, 'Retirement plan');
  await expect(bob.getByRole('status').filter({ hasText: 'The plan is not complete yet' })).toContainText(
    'Planned end: This field cannot be empty',
  );
  await bob.getByRole('button', { name: 'Edit the plan' }).click();
  const dialog = bob.getByRole('dialog', { name: `Retirement plan of ${SERVICE}` });
  await expect(dialog.getByRole('textbox', { name: 'Reason for retiring' })).not.toBeEmpty();
  const day = async (label: string, value: string) => {
    const input = dialog.getByRole('textbox', { name: label });
    await input.fill(value);
    await input.press('Tab');
  };
  await day('Planned end', inDays(60));
  await day('Users told on', inDays(0));
  await dialog.getByRole('textbox', { name: 'How users are told' }).fill('A mail to every user of the tape library.');
  await day('Data export offered until', inDays(90));
  await day('User data deleted on', inDays(120));
  await expect(dialog.getByRole('combobox', { name: 'Successor service' })).toHaveValue(new RegExp(`^${SUCCESSOR}`));
  await expectAccessible(bob);
  await dialog.getByRole('button', { name: 'Save the plan' }).click();
  await expectNotification(bob, 'Retirement plan saved');
  await expect(dialog).toBeHidden();
  await expect(bob.getByRole('status').filter({ hasText: 'The plan is complete' })).toBeVisible();
  await closeNotifications(bob);

  // A visitor without login reads the planned end and follows the link to the successor.
  const visitor = await (await browser.newContext()).newPage();
  await visit(visitor, '/sc/public-service-portfolio');
  await visitor
    .getByRole('region', { name: 'Past services' })
    .getByRole('link', { name: SERVICE, exact: true })
    .click();
  const notice = visitor.getByRole('alert').filter({ hasText: 'This service is being retired' });
  await expect(notice).toContainText(`Planned end${inDays(60)}`);
  await expectAccessible(visitor);
  await notice.getByRole('link', { name: SUCCESSOR }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: SUCCESSOR })).toBeVisible();
  await visitor.context().close();

  const paula = await as(browser, 'paula', address);
  await expect(paula.getByRole('heading', { level: 1, name: SERVICE })).toBeVisible();
  await nextSteps(paula).getByRole('button', { name: 'Retire', exact: true }).click();
  const confirm = paula.getByRole('dialog', { name: 'Retire' });
  await expect(confirm).toContainText('There is no way back.');
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expectNotification(paula, 'Status changed', 'The new status is Service Retired.');
  await paula.context().close();
});
