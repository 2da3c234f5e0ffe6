import type { Browser, Locator, Page } from '@playwright/test';
import { expect, expectAccessible } from './fixtures.js';
import { loggedIn } from './login.js';

/**
 * Steps on the service screens that several specs take, by role and visible text as a
 * person does them. The specs keep what they look at in particular; the common path lives here once.
 */

/** A notification (role alert) with this title; older ones may still be on screen, so the newest. */
const notification = (page: Page, title: string) =>
  page
    .getByRole('alert')
    .filter({ has: page.getByText(title, { exact: true }) })
    .last();

export const expectNotification = async (page: Page, title: string, text?: string | RegExp) => {
  const alert = notification(page, title);
  await expect(alert).toBeVisible();
  if (text) await expect(alert).toContainText(text);
};

/** The notifications go after 6 s; closing them keeps them from covering buttons meanwhile. */
export const closeNotifications = async (page: Page) => {
  const close = page.getByRole('alert').getByRole('button', { name: 'Close' });
  for (let round = 0; round < 20 && (await close.count()) > 0; round += 1) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
};

/** Another person in a browser context of their own, logged in through the dev IdP at `from`. */
export const as = async (browser: Browser, username: string, from: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loggedIn(page, username, { from });
  return page;
};

export const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await expectAccessible(page);
};

/**
 * Types into a combobox whose options come from a search of the API and clicks an option once the
 * answer is in. The field goes to the middle of the window first: a dropdown stays open beside its
 * field, and scrolling to an option near the window's edge would move the field out of view and
 * hide the list. `path` is the API search the field sends (e.g. /api/keywords).
 */
export const chooseOption = async (
  page: Page,
  combobox: Locator,
  search: string,
  path: string,
  option: string | RegExp,
) => {
  await combobox.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  // A search the page has answered before may come from its cache without a request.
  const answered = page
    .waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return url.pathname === path && url.searchParams.get('q') === search.trim();
      },
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await combobox.fill(search);
  await answered;
  await page.getByRole('option', { name: option }).click();
};

export const pick = (page: Page, combobox: Locator, search: string, option: RegExp) =>
  chooseOption(page, combobox, search, '/api/users', option);

/**
 * A workflow action on the open tab (Manage status), and the new status it reports. A step that
 * changes what the public sees asks first (`confirm`: a text of its question), and is confirmed.
 */
export const runAction = async (page: Page, action: string, newState: string, confirm?: string | RegExp) => {
  await nextSteps(page).getByRole('button', { name: action, exact: true }).click();
  if (confirm) {
    const dialog = page.getByRole('dialog', { name: action });
    await expect(dialog).toContainText(confirm);
    await dialog.getByRole('button', { name: action, exact: true }).click();
  }
  await expectNotification(page, 'Status changed', `The new status is ${newState}.`);
  await closeNotifications(page);
};

/** The service header's buttons: the workflow steps this user may take now. */
export const nextSteps = (page: Page) => page.getByRole('group', { name: 'Next steps' });

export const informationPage = (page: Page, name: string) =>
  page.getByRole('heading', { name: new RegExp(`: ${name}$`) });

const nextPage = async (page: Page, expected: string) => {
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(informationPage(page, expected)).toBeVisible();
};

/** Jumps to a service information page through the list of pages ("3. Limitations (2 open)"). */
export const goToInformationPage = async (page: Page, name: string) => {
  await page
    .getByRole('navigation', { name: 'Pages of the service information' })
    .getByRole('button', { name: new RegExp(`^\\d+\\. ${name}`) })
    .click();
  await expect(informationPage(page, name)).toBeVisible();
};

/**
 * alice's first steps on New Application (already open): a save without a name is refused with
 * "Please add a title", a save with the name creates the service. Returns the service's uuid.
 */
export const createApplication = async (page: Page, serviceName: string) => {
  await expect(page.getByRole('heading', { level: 1, name: 'New Service Application' })).toBeVisible();
  await expectAccessible(page);
  const name = page.getByRole('textbox', { name: 'Service name' });
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Field cannot be empty', 'Please add a title');
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription(/Please add a title/);
  await expect(name).toBeFocused();
  await expectAccessible(page);

  await name.fill(serviceName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expectNotification(page, 'Service created');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Service Application' })).toBeVisible();
  await expect(page).toHaveURL(/\/sc\/service-application\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname.split('/').pop()!;
};

/** "Complete application" with fields missing: refused, and the first missing field is marked and focused. */
export const expectApplicationIncomplete = async (page: Page) => {
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expectNotification(page, 'Cannot complete application', 'Validation not passed');
  const shortDescription = page.getByRole('textbox', { name: /Short description/ });
  await expect(shortDescription).toHaveAttribute('aria-invalid', 'true');
  await expect(shortDescription).toBeFocused();
  await expectAccessible(page);
};

/** "Complete application" with every field filled: the service moves on and its view opens. */
export const completeApplication = async (page: Page, id: string, serviceName: string) => {
  await closeNotifications(page);
  await page.getByRole('button', { name: 'Complete application' }).click();
  await expectNotification(page, 'Status changed', 'The new status is Application Received.');
  await expect(page).toHaveURL(`/sc/service/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: serviceName })).toBeVisible();
  await expectAccessible(page);
};

/** Every field the application needs; `currentUsers` as typed (a spec may try a wrong one). */
export const fillApplication = async (page: Page, currentUsers = '120') => {
  await page.getByRole('textbox', { name: /Short description/ }).fill('Long-term storage for research data.');
  await page.getByRole('textbox', { name: /^Description/ }).fill('Versioned, replicated storage with DOIs.');
  await page.getByRole('combobox', { name: /Service category/ }).selectOption({ label: 'Storage and archive' });
  await page
    .getByRole('group', { name: /Target group/ })
    .getByRole('checkbox', { name: 'Researchers' })
    .check();
  await page.getByRole('textbox', { name: /Motivation/ }).fill('Centres ask for a shared archive.');
  await page.getByRole('textbox', { name: /Current users/ }).fill(currentUsers);
};

/**
 * The service information, page by page from General (already open) to Other, with every answer
 * the submission needs. A new keyword is created on the way, and a wrong website first keeps the
 * General page from being left ("Cannot change page"). Nothing is saved yet.
 */
export const fillServiceInformation = async (page: Page, keyword: string) => {
  await expect(informationPage(page, 'General')).toBeVisible();
  const keywords = page.getByRole('combobox', { name: /Keywords/ });
  await chooseOption(page, keywords, keyword, '/api/keywords', `Create “${keyword}”`);
  await expectNotification(page, 'Keywords created', keyword);
  const website = page.getByRole('textbox', { name: /Website/ });
  await website.fill('www.vault.example');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expectNotification(page, 'Cannot change page');
  await expect(website).toHaveAccessibleDescription(/Please enter a valid url, e.g.: https:\/\/www.example.org/);
  await expect(informationPage(page, 'General')).toBeVisible();
  await expectAccessible(page);
  await website.fill('https://vault.example.org');
  await closeNotifications(page);
  await nextPage(page, 'How to access');
  await expect(page).toHaveURL(/[?&]tab=information&page=how_access$/);

  await page.getByRole('textbox', { name: /How to get access/ }).fill('Request a project space.');
  await page.getByRole('combobox', { name: /Authentication/ }).selectOption({ index: 1 });
  await page
    .getByRole('radiogroup', { name: /Access through a VO/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await nextPage(page, 'Limitations');
  await page.getByRole('textbox', { name: /^Limitations/ }).fill('10 TB per project.');
  await page.getByRole('combobox', { name: /Costs/ }).selectOption({ index: 1 });
  await nextPage(page, 'Availability and backups');
  await page.getByRole('combobox', { name: /Availability/ }).selectOption({ index: 1 });
  await page.getByRole('textbox', { name: /Backups/ }).fill('Nightly, two sites.');
  await nextPage(page, 'Sidebar information');
  await page.getByRole('textbox', { name: /Support e-mail|Support email/ }).fill('vault@example.org');
  await nextPage(page, 'Background');
  await nextPage(page, 'Service integration');
  await page.getByRole('textbox', { name: /Service host/ }).fill('vault.example.org');
  await nextPage(page, 'Compliance and security');
  await page.getByRole('combobox', { name: /Data location/ }).selectOption({ index: 1 });
  await page.getByRole('radiogroup', { name: /GDPR/ }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('textbox', { name: /Security contact/ }).fill('security@example.org');
  await nextPage(page, 'Communication');
  await page.getByRole('combobox', { name: /Announcement/ }).selectOption({ index: 1 });
  await nextPage(page, 'Responsibilities');
  await pick(page, page.getByRole('combobox', { name: /Technical contact/ }), 'Henrik', /Henrik Nordmann/);
  await nextPage(page, 'Service quality');
  await page.getByRole('combobox', { name: /Support hours/ }).selectOption({ index: 1 });
  await nextPage(page, 'Other');
  await page.getByRole('combobox', { name: /Licence/ }).selectOption({ label: 'Open source' });
  await expectAccessible(page);
};
