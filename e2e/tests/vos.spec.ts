import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { expectMailArrives } from '../mailbox.js';
import { expectMenuGroups } from '../menus.js';
import { as, closeNotifications, expectNotification } from '../services.js';

/**
 * The VO registration walk, each person in a browser of their own: victor (voManager) starts an
 * application (its first save with the keyboard only), is told why a name is refused and that
 * sending needs the AAI policies, fills it in and sends it; sven (voSupervisor) sends it back
 * to draft with a comment; victor reads it, fixes and sends again; sven approves; paula (portfolio
 * manager) makes the VO available; victor's My VOs shows it with its entitlement. The mails of
 * the steps reach the test SMTP server. A second test takes the walk without a mouse, from the
 * login on, up to the application sent again after sven's comment: Tab, Space, Enter, arrow keys
 * and typing only. The steps after it take the same step dialog as sven's back to draft.
 */

const RUN = Date.now().toString(36);
const VO = `e2e-lab-${RUN}`;

const VICTOR_MAIL = 'victor@datacenter-south.example';
const SVEN_MAIL = 'sven@nubes-office.example';
const DEPUTY_MAIL = 'shuber@datacenter-south.example';
const COMMENT = `Please name the institutes that will join (${RUN}).`;

/** Presses Tab until the element has the focus, as a keyboard user would. */
const tabTo = async (page: Page, target: Locator, limit = 150) => {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element never got the focus');
};

/** Ticks a box by its label, beside it, unless it is ticked already (back to draft keeps what was confirmed). */
const tick = async (page: Page, label: string) => {
  const box = page.getByRole('checkbox', { name: label });
  if (!(await box.isChecked())) await page.getByText(label, { exact: true }).click();
  await expect(box).toBeChecked();
};

const pageHeading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 2, name });

/** Opens the VO from My VOs, as its row links it. */
const openFromMyVos = async (page: Page, table: RegExp) => {
  await page.goto('/vo/my-vos');
  const link = page.getByRole('table', { name: table }).getByRole('link', { name: VO, exact: true });
  // The rows grow once their state badges are laid out; a click while they do may miss the link.
  await expect(async () => {
    await link.click();
    await expect(page).toHaveURL(/\/vo\/virtual-organisation\//, { timeout: 2000 });
  }).toPass();
  await expect(page.getByRole('heading', { level: 1, name: VO })).toBeVisible();
};

const takeStep = async (page: Page, action: string, state: string) => {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByRole('dialog', { name: action }).getByRole('button', { name: action, exact: true }).click();
  await expectNotification(page, 'VO application status changed', state);
  await closeNotifications(page);
};

test('a VO application from the first save to the available VO', LONG_WALK, async ({ browser }) => {
  test.setTimeout(360_000);

  // victor starts a new application with the keyboard only.
  const victor = await as(browser, 'victor', '/vo/vo-application');
  await expect(pageHeading(victor, 'Page 1 of 4: Terms of use')).toBeVisible();
  await expectAccessible(victor);
  // A VO manager's menu is the VO registration alone.
  await expectMenuGroups(victor, ['VO Registration']);
  const terms = victor.getByRole('checkbox', { name: 'I confirm the terms of use' });
  await tabTo(victor, terms);
  await victor.keyboard.press('Space');
  await expect(terms).toBeChecked();
  await tabTo(victor, victor.getByRole('button', { name: 'Save' }));
  await victor.keyboard.press('Enter');
  await expectNotification(victor, 'Cannot save VO Application');
  await expect(pageHeading(victor, /Page 3 of 4/)).toBeVisible();
  await expect(victor.getByText('This field cannot be empty. Please enter a name for your VO')).toBeVisible();
  const name = victor.getByRole('textbox', { name: 'VO name' });
  await expect(name).toBeFocused();
  await expectAccessible(victor);

  // A centre's abbreviation as prefix, then a space: each refused with its reason.
  await victor.keyboard.type(`DCS-${RUN}`);
  await victor.keyboard.press('Enter');
  await expect(
    victor.getByText('A VO name may not start with “DCS”: it is the abbreviation of the centre Datacenter South'),
  ).toBeVisible();
  await name.fill(`my lab ${RUN}`);
  await victor.keyboard.press('Enter');
  await expect(
    victor.getByText('A VO name may hold only letters, digits, hyphens (-) and underscores (_), without spaces'),
  ).toBeVisible();
  await name.fill(VO);
  await victor.keyboard.press('Enter');
  await expectNotification(victor, 'VO application created', VO);
  await expect(victor).toHaveURL(/\/vo\/vo-application\/[0-9a-f-]{36}\?page=general$/);
  await closeNotifications(victor);

  // Sending checks every page first: the AAI policies are not accepted yet.
  await tabTo(victor, victor.getByRole('button', { name: 'Send' }));
  await victor.keyboard.press('Enter');
  await expectNotification(victor, 'Failed to send VO Application', /I accept the policies of the AAI/);
  await expect(pageHeading(victor, 'Page 2 of 4: AAI policies')).toBeVisible();
  await expect(victor.getByRole('link', { name: /WISE Baseline/ })).toHaveAttribute('target', '_blank');
  await expectAccessible(victor);
  await closeNotifications(victor);

  // He accepts the policies and fills in the general information: the deputy and the services
  // come from the VO API's pickers.
  await tick(victor, 'I accept the policies of the AAI');
  await victor.getByRole('button', { name: '3. General information and responsibilities' }).click();
  await victor
    .getByRole('textbox', { name: 'Description and purpose' })
    .fill('Seismic waveform analysis of the regional networks.');
  await victor.getByRole('combobox', { name: 'Home institution' }).selectOption({ label: 'Datacenter South (DCS)' });
  const deputy = victor.getByRole('combobox', { name: 'Deputy VO manager' });
  await deputy.fill('Sabine');
  await victor.getByRole('option', { name: /^Sabine Huber/ }).click();
  await victor.getByRole('textbox', { name: 'Security contact e-mail' }).fill('security@datacenter-south.example');
  await victor.getByRole('textbox', { name: 'Expected number of members' }).fill('25');
  await victor.getByRole('combobox', { name: 'Services the VO wants to use' }).click();
  await victor.getByRole('option', { name: 'S3 Object Storage' }).click();
  await victor.keyboard.press('Escape');
  await expectAccessible(victor);
  await victor.getByRole('button', { name: 'Send', exact: true }).click();
  await expectNotification(victor, 'VO application status changed', 'Application Received');
  await expect(victor.getByRole('heading', { level: 1, name: VO })).toBeVisible();
  // The supervisors hear of every application sent (whoever takes a step gets no mail of it).
  await expectMailArrives(SVEN_MAIL, `VO ${VO}`, 'Application Received');
  await expectMailArrives(DEPUTY_MAIL, `VO ${VO}`, 'Application Received');

  // sven sends it back to draft: the comment is required.
  const sven = await as(browser, 'sven', '/vo/my-vos');
  await openFromMyVos(sven, /^Applications waiting for your review/);
  await expectAccessible(sven);
  await sven.getByRole('button', { name: 'Back to draft', exact: true }).click();
  const dialog = sven.getByRole('dialog', { name: 'Back to draft' });
  await dialog.getByRole('button', { name: 'Back to draft' }).click();
  await expect(dialog.getByText('Please write what the VO managers should change')).toBeVisible();
  await expectAccessible(sven);
  await dialog.getByRole('textbox', { name: 'Comment' }).fill(COMMENT);
  await dialog.getByRole('button', { name: 'Back to draft' }).click();
  await expectNotification(sven, 'VO application status changed', 'Application Draft');
  await expect(sven.getByText(COMMENT, { exact: true })).toBeVisible();
  await expectMailArrives(VICTOR_MAIL, `VO ${VO}`, 'Application Draft');

  // victor sees the comment, fixes the description and sends again.
  await openFromMyVos(victor, /^My VOs/);
  await expectAccessible(victor);
  await expect(victor.getByText(COMMENT, { exact: true })).toBeVisible();
  await victor.getByRole('link', { name: 'Edit VO application' }).click();
  await expect(victor.getByText(COMMENT, { exact: true })).toBeVisible();
  await victor.getByRole('button', { name: '3. General information and responsibilities' }).click();
  const description = victor.getByRole('textbox', { name: 'Description and purpose' });
  await description.fill(`${await description.inputValue()} Members: the seismology institutes of the alliance.`);
  await victor.getByRole('button', { name: 'Send', exact: true }).click();
  await expectNotification(victor, 'VO application status changed', 'Application Received');
  await closeNotifications(victor);

  // sven approves; paula makes the VO available.
  await openFromMyVos(sven, /^Applications waiting for your review/);
  await takeStep(sven, 'Approve', 'Application Approved');
  // The portfolio manager has no VO menu (My VOs is the VO managers' and supervisors'): she opens
  // the VO from the address sven would send her.
  const paula = await as(browser, 'paula', new URL(sven.url()).pathname);
  await expect(paula.getByRole('heading', { level: 1, name: VO })).toBeVisible();
  await takeStep(paula, 'Make VO available', 'VO Available');
  await expectAccessible(paula);

  // victor's My VOs shows it available with its entitlement, which the VO view offers to copy.
  await victor.goto('/vo/my-vos');
  const row = victor.getByRole('table', { name: /^My VOs/ }).getByRole('row', { name: new RegExp(`^${VO}`) });
  await expect(row.getByText('VO Available')).toBeVisible();
  await expect(row.getByText(new RegExp(`^urn:geant:.+:group:${VO}#`))).toBeVisible();
  await expectAccessible(victor);
  await openFromMyVos(victor, /^My VOs/);
  await expect(victor.getByRole('button', { name: 'Copy entitlement' })).toBeVisible();
  await expectMailArrives(VICTOR_MAIL, `VO ${VO}`, 'VO Available');
  await expectMailArrives(DEPUTY_MAIL, `VO ${VO}`, 'VO Available');
});

/** Tabs to a control and presses a key on it. */
const press = async (page: Page, target: Locator, key = 'Enter') => {
  await tabTo(page, target);
  await page.keyboard.press(key);
};

/** Tabs to a field and types into it, as a person does who replaces what it holds. */
const typeInto = async (page: Page, field: Locator, text: string) => {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
};

/** Federated login through the dev IdP without a mouse. */
const loginByKeyboard = async (browser: Browser, username: string, from: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(from);
  await press(page, page.getByRole('button', { name: 'Log in with AAI' }));
  await expect(page.getByRole('heading', { name: 'Development identity provider' })).toBeVisible();
  await typeInto(page, page.getByLabel('Username'), username);
  await typeInto(page, page.getByLabel('Password'), username);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => !url.pathname.startsWith('/dev-idp') && !url.pathname.startsWith('/login'));
  return page;
};

/** Opens the VO from a table of My VOs by tabbing to its link. */
const openByKeyboard = async (page: Page, vo: string, table: RegExp) => {
  const link = page.getByRole('table', { name: table }).getByRole('link', { name: vo, exact: true });
  await press(page, link);
  await expect(page.getByRole('heading', { level: 1, name: vo })).toBeVisible();
};

test('the same walk with the keyboard only, up to the application sent again', LONG_WALK, async ({ browser }) => {
  test.setTimeout(360_000);
  const vo = `e2e-keys-${RUN}`;
  const comment = `Please add the members' institutes (${RUN}).`;

  // victor opens a new application from My VOs and saves it without a name first.
  const victor = await loginByKeyboard(browser, 'victor', '/vo/my-vos');
  await expect(victor.getByRole('heading', { level: 1, name: 'My VOs' })).toBeVisible();
  await press(victor, victor.getByRole('link', { name: 'New VO Application' }));
  await expect(pageHeading(victor, 'Page 1 of 4: Terms of use')).toBeVisible();
  await press(victor, victor.getByRole('checkbox', { name: 'I confirm the terms of use' }), 'Space');
  await press(victor, victor.getByRole('button', { name: 'Save' }));
  await expectNotification(victor, 'Cannot save VO Application');
  await expect(victor.getByText('This field cannot be empty. Please enter a name for your VO')).toBeVisible();
  await expect(victor.getByRole('textbox', { name: 'VO name' })).toBeFocused();
  await victor.keyboard.type(`${vo} x`);
  await victor.keyboard.press('Enter');
  await expect(
    victor.getByText('A VO name may hold only letters, digits, hyphens (-) and underscores (_), without spaces'),
  ).toBeVisible();
  await victor.keyboard.press('Backspace');
  await victor.keyboard.press('Backspace');
  await victor.keyboard.press('Enter');
  await expectNotification(victor, 'VO application created', vo);
  await expect(victor).toHaveURL(/\/vo\/vo-application\/[0-9a-f-]{36}\?page=general$/);

  // The rest of the general page, field by field.
  await typeInto(victor, victor.getByRole('textbox', { name: 'Description and purpose' }), 'Climate model runs.');
  await tabTo(victor, victor.getByRole('combobox', { name: 'Home institution' }));
  await victor.keyboard.type('Datacenter South');
  await expect(victor.getByRole('combobox', { name: 'Home institution' })).toHaveValue(/.+/);
  await typeInto(victor, victor.getByRole('combobox', { name: 'Deputy VO manager' }), 'Sabine');
  await expect(victor.getByRole('option', { name: /^Sabine Huber/ })).toBeVisible();
  await victor.keyboard.press('ArrowDown');
  await victor.keyboard.press('Enter');
  await expect(victor.getByRole('combobox', { name: 'Deputy VO manager' })).toHaveValue(/^Sabine Huber/);
  await typeInto(
    victor,
    victor.getByRole('textbox', { name: 'Security contact e-mail' }),
    'cert@datacenter-south.example',
  );
  await typeInto(victor, victor.getByRole('textbox', { name: 'Expected number of members' }), '12');
  await typeInto(victor, victor.getByRole('combobox', { name: 'Services the VO wants to use' }), 'S3');
  await expect(victor.getByRole('option', { name: 'S3 Object Storage' })).toBeVisible();
  await victor.keyboard.press('ArrowDown');
  await victor.keyboard.press('Enter');
  await victor.keyboard.press('Escape');
  // The picked service stays in the field as a pill.
  await expect(
    victor.getByRole('form', { name: /^Page 3 of 4/ }).getByText('S3 Object Storage', { exact: true }),
  ).toBeVisible();

  // Sending without the AAI policies is refused and shows their page; he accepts them and sends.
  await press(victor, victor.getByRole('button', { name: 'Send', exact: true }));
  await expectNotification(victor, 'Failed to send VO Application', /I accept the policies of the AAI/);
  await expect(pageHeading(victor, 'Page 2 of 4: AAI policies')).toBeVisible();
  await closeNotifications(victor);
  await press(victor, victor.getByRole('checkbox', { name: 'I accept the policies of the AAI' }), 'Space');
  await expect(victor.getByRole('checkbox', { name: 'I accept the policies of the AAI' })).toBeChecked();
  await press(victor, victor.getByRole('button', { name: 'Send', exact: true }));
  await expectNotification(victor, 'VO application status changed', 'Application Received');
  await expect(victor.getByRole('heading', { level: 1, name: vo })).toBeVisible();

  // sven sends it back to draft; the dialog wants the comment.
  const sven = await loginByKeyboard(browser, 'sven', '/vo/my-vos');
  await openByKeyboard(sven, vo, /^Applications waiting for your review/);
  await press(sven, sven.getByRole('button', { name: 'Back to draft', exact: true }));
  const dialog = sven.getByRole('dialog', { name: 'Back to draft' });
  await press(sven, dialog.getByRole('button', { name: 'Back to draft' }));
  await expect(dialog.getByText('Please write what the VO managers should change')).toBeVisible();
  await typeInto(sven, dialog.getByRole('textbox', { name: 'Comment' }), comment);
  await press(sven, dialog.getByRole('button', { name: 'Back to draft' }));
  await expectNotification(sven, 'VO application status changed', 'Application Draft');

  // victor reads the comment and reopens the application's general page. Sending again, the
  // approval and the VO made available are the first walk's; their steps take the same dialog
  // that sven just used by keyboard (docs/testing.md).
  await victor.goto('/vo/my-vos');
  await openByKeyboard(victor, vo, /^My VOs/);
  await expect(victor.getByText(comment, { exact: true })).toBeVisible();
  await press(victor, victor.getByRole('link', { name: 'Edit VO application' }));
  await press(victor, victor.getByRole('button', { name: '3. General information and responsibilities' }));
  const description = victor.getByRole('textbox', { name: 'Description and purpose' });
  await tabTo(victor, description);
  await victor.keyboard.press('End');
  await victor.keyboard.type(' Members: the climate institutes of the alliance.');
  await press(victor, victor.getByRole('button', { name: 'Send', exact: true }));
  await expectNotification(victor, 'VO application status changed', 'Application Received');
});
