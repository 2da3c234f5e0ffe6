import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { E2E_SECRETS } from '../secrets.js';
import { closeNotifications, expectNotification } from '../services.js';

/**
 * Lists and forms without a mouse: every step below is Tab, Shift+Tab, Enter, Space, Escape, the
 * arrows or typing; no click, no fill. Each control is reached by Tab from where the last step
 * left the focus (so an unreachable control fails), and the focused control must show its focus
 * in the dark scheme, the one where a ring is easiest to lose. Every dialog closes with Escape and
 * gives the focus back to the control that opened it.
 */
test.use({ colorScheme: 'dark' });

/** The focused element draws a ring (outline or shadow) or, a text field, its focus border. */
const focusLook = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing focused';
    const style = getComputedStyle(element);
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    // Mantine's fields mark focus with the primary colour on their border instead of an outline.
    const probe = document.createElement('span');
    probe.style.color = 'var(--mantine-primary-color-filled)';
    document.body.append(probe);
    const primary = getComputedStyle(probe).color;
    probe.remove();
    const border = ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) && style.borderTopColor === primary;
    const what = `${element.tagName.toLowerCase()} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
    return ring || shadow || border
      ? 'visible'
      : `not visible on ${what} (outline ${style.outlineStyle}, border ${style.borderTopColor}, primary ${primary})`;
  });

/** The focused control shows its focus; a field's border may still be fading to its focus colour. */
const expectFocusVisible = async (page: Page) => {
  await expect.poll(() => focusLook(page), { timeout: 2000 }).toBe('visible');
};

/** Presses Tab (or Shift+Tab) until the target has the focus; fails when it never gets it. */
const tabTo = async (page: Page, target: Locator, { back = false, max = 60 } = {}) => {
  await expect(target).toBeVisible();
  const trail: string[] = [];
  for (let presses = 0; presses <= max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(page);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    trail.push(
      await page.evaluate(() => {
        const element = document.activeElement;
        return `${element?.tagName.toLowerCase()}[${element?.getAttribute('aria-label') ?? element?.textContent?.trim().slice(0, 20)}]`;
      }),
    );
  }
  throw new Error(
    `${target} cannot be reached with ${back ? 'Shift+Tab' : 'Tab'}; the focus went ${trail.join(' → ')}`,
  );
};

/** Tabs to a text field and types into it. */
const typeInto = async (page: Page, field: Locator, text: string) => {
  await tabTo(page, field);
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
};

/** Opens a dialog from a button with Enter, closes it with Escape: the focus goes back to the button. */
const escapeCloses = async (page: Page, opener: Locator, dialogName: string | RegExp) => {
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
};

test('carla creates a contact with an address by keyboard', async ({ page }) => {
  await loggedIn(page, 'carla', { from: '/cd/contact-database' });
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Database' })).toBeVisible();
  const opener = page.getByRole('button', { name: 'New contact' });
  await escapeCloses(page, opener, 'New contact');

  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'New contact' });
  await expect(form).toBeVisible();
  await typeInto(page, form.getByRole('textbox', { name: 'Firstname' }), 'Kira');
  await typeInto(page, form.getByRole('textbox', { name: 'Lastname' }), `Tastatur ${Date.now()}`);
  await typeInto(page, form.getByRole('textbox', { name: 'E-mail' }), 'kira.tastatur@example.org');
  await tabTo(page, form.getByRole('button', { name: 'Add address' }));
  await page.keyboard.press('Enter');
  const address = form.getByRole('group', { name: 'Address 1' });
  await typeInto(page, address.getByRole('textbox', { name: 'Street' }), 'Am Hafen 1');
  await typeInto(page, address.getByRole('textbox', { name: 'Postal code' }), '24103');
  await typeInto(page, address.getByRole('textbox', { name: 'City' }), 'Kiel');
  await typeInto(page, address.getByRole('textbox', { name: 'Country' }), 'Deutschland');
  await expectAccessible(page);
  await tabTo(page, form.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expectNotification(page, 'Contact created', /Tastatur/);
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Tastatur \d+, Kira$/ })).toBeVisible();
});

test('the administrator reserves a VO prefix by keyboard', async ({ page }) => {
  await page.goto('/login');
  const login = page.getByRole('form', { name: /direct login/i });
  await typeInto(page, login.getByLabel('Username'), 'admin');
  await typeInto(page, login.getByLabel('Password'), E2E_SECRETS.adminPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Welcome, Portal Administrator')).toBeVisible();
  await page.goto('/manage/adminPanel?tab=voPrefixes');
  const opener = page.getByRole('button', { name: 'Reserve a prefix' });
  await escapeCloses(page, opener, 'Reserve a prefix');

  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reserve a prefix' });
  const prefix = `K${Date.now().toString(36).toUpperCase().slice(-5)}`;
  await typeInto(page, dialog.getByRole('textbox', { name: /^Prefix/ }), prefix);
  await expectAccessible(page);
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('main').getByText(prefix, { exact: true })).toBeVisible();
});

test('alice starts a service application by keyboard', async ({ page }) => {
  await loggedIn(page, 'alice', { from: '/sc/service-application' });
  await expect(page.getByRole('heading', { level: 1, name: 'New Service Application' })).toBeVisible();
  await typeInto(page, page.getByRole('textbox', { name: 'Service name' }), `Keyboard archive ${Date.now()}`);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expectNotification(page, 'Service created');
  await closeNotifications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Service Application' })).toBeVisible();

  // The rest of the application: text, a native select with the arrows, a checkbox with Space.
  await page.getByRole('heading', { level: 1 }).focus();
  await typeInto(page, page.getByRole('textbox', { name: /Short description/ }), 'Storage typed, not clicked.');
  const category = page.getByRole('combobox', { name: /Service category/ });
  await tabTo(page, category);
  await page.keyboard.press('ArrowDown');
  await expect(category).not.toHaveValue('');
  const researchers = page.getByRole('group', { name: /Target group/ }).getByRole('checkbox', { name: 'Researchers' });
  await tabTo(page, researchers);
  await page.keyboard.press('Space');
  await expect(researchers).toBeChecked();
  await expectAccessible(page);
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');
  await expectNotification(page, 'Service updated');
});

test('paula filters the portfolio, saves the view and selects rows by keyboard', async ({ page }) => {
  const name = `Keyboard ${Date.now()}`;
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio?tab=catalogue' });
  const table = page.getByRole('main').getByRole('table');
  await expect(table.locator('tbody tr').first()).toBeVisible();

  // The global search: Enter on its button opens it, Escape closes it, the focus is back.
  const launcher = page.getByRole('button', { name: 'Search', exact: true });
  await tabTo(page, launcher);
  await page.keyboard.press('Enter');
  const portalSearch = page.getByRole('textbox', { name: 'Search the portal' });
  await expect(portalSearch).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(portalSearch).toBeHidden();
  await expect(launcher).toBeFocused();

  const search = page.getByRole('main').getByRole('searchbox').first();
  await tabTo(page, search);
  await page.keyboard.type('hpc');
  await expect(page).toHaveURL(/[?&]q=hpc/);
  const status = page.getByLabel('Status');
  await tabTo(page, status);
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]state=/);

  // A saved view: the menu with Enter and the arrows, the name dialog, Escape first.
  const views = page.getByRole('button', { name: 'Views' });
  await tabTo(page, views);
  await page.keyboard.press('Enter');
  const save = page.getByRole('menuitem', { name: 'Save current view as…' });
  await expect(save).toBeVisible();
  // The menu takes the focus a moment after it shows; a person presses Escape once it has it.
  const menu = page.getByRole('menu');
  await expect(menu.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(save).toBeHidden();
  await expect(views).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(save).toBeVisible();
  await expect(menu.locator(':focus')).toHaveCount(1);
  for (let presses = 0; presses < 10 && !(await save.evaluate((item) => item === document.activeElement)); presses++)
    await page.keyboard.press('ArrowDown');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Save the current view' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(views).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu.locator(':focus')).toHaveCount(1);
  for (let presses = 0; presses < 10 && !(await save.evaluate((item) => item === document.activeElement)); presses++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await typeInto(page, dialog.getByRole('textbox', { name: /^Name/ }), name);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(views).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name })).toBeVisible();
  await expect(menu.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();

  // Row selection: Tab enters the grid at its select cell (ADR 0018), Space selects the row.
  const firstCell = table.locator('tbody td.data-table-select').first();
  await tabTo(page, firstCell);
  await page.keyboard.press('Space');
  await expect(firstCell.getByRole('checkbox')).toBeChecked();
  const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
  await expect(bar.getByText('1 row selected')).toBeVisible();
  await tabTo(page, bar.getByRole('link', { name: 'Export selected as JSON' }));
  await expectAccessible(page);
});
