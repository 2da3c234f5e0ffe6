import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';

/**
 * What the frame of every screen takes from the page, measured where it matters: the header in one
 * row at every width, notifications away from a form's buttons, and on a phone a service's header
 * and a list's count line that leave the first screen to the content
 * (docs/adr/0090-one-row-header-and-compact-toolbars.md).
 */

type Box = { x: number; y: number; width: number; height: number };

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  expect(box, `${locator} is laid out`).not.toBeNull();
  return box!;
};

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const middle = (box: Box) => box.y + box.height / 2;

const GROUPS = {
  en: ['Service Portfolio', 'Contact Database', 'VO Registration', 'Admin Panel'],
  de: ['Serviceportfolio', 'Kontaktdatenbank', 'VO-Registrierung', 'Verwaltung'],
};

/** The controls of the header's row all sit on the logo's line, above the welcome bar. */
const expectOneRow = async (page: Page, controls: Locator[], label: string) => {
  const logo = await boxOf(page.locator('.app-logo img'));
  const welcome = await boxOf(page.locator('.welcome-bar'));
  for (const control of controls) {
    await expect(control, label).toBeVisible();
    const box = await boxOf(control);
    expect(Math.abs(middle(box) - middle(logo)), `${label}: ${control} on the logo's line`).toBeLessThan(8);
    expect(box.y + box.height, `${label}: ${control} above the welcome bar`).toBeLessThanOrEqual(welcome.y);
  }
  // One row: the header over the welcome bar is no higher than its tallest control and its padding.
  expect(welcome.y, `${label}: the header's height`).toBeLessThan(72);
};

test('the portal manager’s header is one row at every width, its four menus from 1200 px on, a burger below', async ({
  page,
}) => {
  await loggedIn(page, 'admin');
  // The header, whose landmark's name is in the page's language.
  const nav = page.getByRole('banner');
  for (const language of ['en', 'de'] as const) {
    await page.getByRole('button', { name: language.toUpperCase(), exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    const groups = GROUPS[language].map((name) => nav.getByRole('button', { name, exact: true }));
    const profile = nav.getByRole('button', { name: 'Portal Administrator' });
    const switches = page.getByRole('button', { name: 'EN', exact: true });
    for (const width of [1440, 1280, 1200]) {
      await page.setViewportSize({ width, height: 900 });
      await expectOneRow(page, [...groups, profile, switches], `${language} at ${width} px`);
    }
    const burger = page.getByRole('button', { name: language === 'en' ? 'Open the menu' : 'Menü öffnen' });
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expectOneRow(page, [burger, switches], `${language} at ${width} px`);
      for (const group of groups) await expect(group).toBeHidden();
    }
  }
  await page.getByRole('button', { name: 'EN', exact: true }).click();
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectAccessible(page);
});

test('a visitor’s header is one row on a phone too, in German, and the page does not scroll sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sc/public-service-portfolio');
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const banner = page.getByRole('banner');
  await expectOneRow(
    page,
    [
      banner.getByRole('link', { name: 'Anmelden' }),
      banner.getByRole('button', { name: 'EN', exact: true }),
      banner.getByRole('button', { name: 'DE', exact: true }),
      banner.getByRole('button', { name: 'Dunkelmodus' }),
    ],
    'a visitor in German at 390 px',
  );
  // Nothing wider than the window (the screen sweep's measure: the page keeps its scroll bar's room).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});

test('the logo follows the colour scheme', async ({ page }) => {
  await loggedIn(page, 'paula');
  const logo = page.locator('.app-logo img');
  await expect(logo).toHaveAttribute('src', '/static/logo.svg');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(logo).toHaveAttribute('src', '/static/logo-dark.svg');
  // The file is there and drawn, not a broken image.
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
});

test('a notification covers neither the header nor a form’s Save and Send at 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await loggedIn(page, 'victor', { from: '/vo/vo-application' });
  const save = page.getByRole('main').getByRole('button', { name: 'Save', exact: true });
  // A save without a VO name is refused: a notification, and nothing written.
  await save.click();
  const notification = page.getByRole('alert').filter({ hasText: 'Cannot save VO Application' }).last();
  await expect(notification).toBeVisible();
  // The pointer on it keeps it open while it is measured.
  await notification.hover();

  await page.evaluate(() => window.scrollTo(0, 0));
  const header = await boxOf(page.locator('header.app-header'));
  expect((await boxOf(notification)).y).toBeGreaterThanOrEqual(header.y + header.height);

  // Where a person who scrolled down to the form's end has its buttons: at the window's bottom.
  await save.evaluate((button) => window.scrollBy(0, button.getBoundingClientRect().bottom - window.innerHeight + 16));
  const toast = await boxOf(notification);
  const buttons = page.getByRole('main').getByRole('button', { name: /^(Save|Send)$/ });
  for (const button of await buttons.all()) {
    expect(overlaps(toast, await boxOf(button)), `the notification over ${await button.textContent()}`).toBe(false);
  }
});

test('a desktop list’s steps and Columns flow in one toolbar, so German labels wrap onto two lines, not three', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loggedIn(page, 'paula', { from: '/sc/review-list' });
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const main = page.getByRole('main');
  const columns = main.getByRole('button', { name: 'Spalten', exact: true });
  const last = main.getByRole('button', { name: /^Review für alle gelisteten beenden/ });
  await expect(last).toBeVisible();
  // Columns follows the last step on its line rather than taking a line of its own.
  expect(
    Math.abs(middle(await boxOf(columns)) - middle(await boxOf(last))),
    'Columns beside the last step',
  ).toBeLessThan(4);
  const first = await boxOf(main.getByRole('link', { name: 'CSV exportieren' }));
  const lines = new Set<number>();
  for (const control of [
    ...(await main.getByRole('link', { name: /exportieren$/ }).all()),
    ...(await main.getByRole('button', { name: /^Review für alle gelisteten/ }).all()),
    columns,
  ]) {
    lines.add(Math.round(((await boxOf(control)).y - first.y) / 10));
  }
  expect(lines.size, 'the toolbar’s lines').toBeLessThanOrEqual(2);
});

test.describe('on a phone', () => {
  test('a service’s header leaves the first screen to its tab, with its steps in one row', async ({ page }) => {
    // A paused service: bringing it back online is the main step, the others are behind three dots.
    await loggedIn(page, 'paula', { from: '/sc/service-portfolio?tab=catalogue&state=service_not_available' });
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/sc\/service\/[^/?]+/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();

    const steps = page.getByRole('group', { name: 'Next steps' });
    await expect(page.getByRole('tabpanel')).toBeVisible();
    const header = await boxOf(page.locator('header.service-header'));
    expect(header.height, 'the service header at most 45 % of the screen').toBeLessThan(0.45 * 844);
    const panel = await boxOf(page.getByRole('tabpanel'));
    expect(panel.y, 'the tab’s content starts in the first screen').toBeLessThan(844 - 150);

    await expect(steps.getByRole('button', { name: 'Online' })).toBeVisible();
    await expect(steps.getByRole('button', { name: 'More steps' })).toBeVisible();
    // Read in one go, so the row is judged as one frame drew it.
    const tops = await steps
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
    expect(tops.length).toBeGreaterThan(1);
    for (const top of tops) expect(Math.abs(top - tops[0]!)).toBeLessThan(2);

    await steps.getByRole('button', { name: 'More steps' }).click();
    await expect(page.getByRole('menuitem', { name: 'Full capacity reached' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Discontinue' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a live service’s steps, none of them a main one, are one Next steps menu whose pause asks first', async ({
    page,
  }) => {
    await loggedIn(page, 'paula', { from: '/sc/service-portfolio?tab=catalogue&state=service_online' });
    await page.getByRole('table').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/sc\/service\/[^/?]+/);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();

    const steps = page.getByRole('group', { name: 'Next steps' });
    await expect(steps.getByRole('button')).toHaveText(['Next steps']);
    await steps.getByRole('button', { name: 'Next steps' }).click();
    for (const name of ['Not available', 'Full capacity reached', 'Discontinue']) {
      await expect(page.getByRole('menuitem', { name })).toBeVisible();
    }
    await page.getByRole('menuitem', { name: 'Not available' }).click();
    const dialog = page.getByRole('dialog', { name: 'Not available' });
    await expect(dialog).toContainText('The public portfolio shows the service as');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a list’s count line holds the count and one menu of its exports and actions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loggedIn(page, 'paula', { from: '/sc/review-list' });
    const count = page.getByRole('main').getByText(/^\d+ services$/);
    await expect(count).toBeVisible();
    // The count line and the table's first row: no more than a line of buttons between them.
    const firstRow = page
      .getByRole('list', { name: /^Service Review List/ })
      .getByRole('listitem')
      .first();
    await expect(firstRow).toBeVisible();
    const countBox = await boxOf(count);
    expect((await boxOf(firstRow)).y - (countBox.y + countBox.height), 'the toolbar under the count').toBeLessThan(110);

    const actions = page.getByRole('main').getByRole('button', { name: 'Actions', exact: true });
    const actionsBox = await boxOf(actions);
    expect(Math.abs(middle(countBox) - middle(actionsBox)), 'the count and the menu on one line').toBeLessThan(12);
    await expect(page.getByRole('link', { name: 'Export CSV' })).toBeHidden();

    await actions.click();
    for (const item of [
      'Export CSV',
      'Export JSON',
      /^Start review for all listed/,
      /^Stop review for all listed/,
      /^End review for all listed/,
    ]) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await expectAccessible(page);
  });
});
