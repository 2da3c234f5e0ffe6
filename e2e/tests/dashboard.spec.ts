import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { expectMenuGroups } from '../menus.js';

/**
 * The logged-in home is the person's dashboard: paula (portfolio manager) finds the services and
 * requests waiting for her and follows one to its status tab; alice (service provider) finds her
 * services and follows one. Both pages pass axe, with the charts loaded.
 */

/** Every role's home greets once, in the welcome bar: the logged-out brochure is not below it. */
const oneGreeting = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name: 'Your work' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Nubes' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Modules' })).toHaveCount(0);
};

test('paula sees what waits for the portfolio manager and follows a link to it', async ({ page }) => {
  await loggedIn(page, 'paula', { from: '/' });
  const waiting = page.getByRole('region', { name: 'Waiting for me' });
  await expect(waiting.getByText(/items? waits? for you/)).toBeVisible();
  // The demo holds received applications: planning them is the portfolio manager's step.
  const plan = waiting.getByRole('link', { name: /^Plan the service: / }).first();
  await expect(plan).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services by status' })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page);

  const name = ((await plan.textContent()) ?? '').replace(/^Plan the service: /, '');
  await plan.click();
  await expect(page).toHaveURL(/\/sc\/service\/[^/]+\?tab=status$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

// alice's own queue (a rejected package to rework, with the reviewer's reason) is checked on the
// same home: a test of its own among "each role's home" before (docs/testing.md).
test('alice sees her services, a rejected package to rework with the reviewer’s reason, and opens a service from the dashboard, in English and German', async ({
  page,
}) => {
  await loggedIn(page, 'alice', { from: '/' });
  await oneGreeting(page);
  const rework = page
    .getByRole('region', { name: 'Waiting for me' })
    .getByRole('link', { name: /^Rework the rejected resource package: / })
    .first();
  await expect(rework).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Waiting for me' }).getByText('Reviewer’s reason:').first(),
  ).toBeVisible();
  const mine = page.getByRole('region', { name: 'My services' });
  const service = mine.getByRole('link', { name: 'Lustre Scratch Storage' });
  await expect(service).toBeVisible();
  await expect(page.getByRole('region', { name: 'Waiting for me' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services by centre' })).toBeAttached();
  // The instructions stay below the dashboard, under Help; the logged-out modules do not.
  await expect(page.getByRole('region', { name: 'Instructions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Modules' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Wartet auf mich' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Services nach Status' })).toBeAttached();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'EN', exact: true }).click();

  await page.getByRole('region', { name: 'My services' }).getByRole('link', { name: 'Lustre Scratch Storage' }).click();
  await expect(page).toHaveURL(/\/sc\/service\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Lustre Scratch Storage' })).toBeVisible();
});

test('the global search opens on Ctrl+K and from the header, finds services and VOs, and passes axe', async ({
  page,
}) => {
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio' });
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog').getByRole('textbox', { name: 'Search the portal' });
  await expect(search).toBeFocused();
  await search.fill('lustre');
  const hit = page.getByRole('group', { name: 'Services' }).getByRole('button', { name: /Lustre Scratch Storage/ });
  await expect(hit).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sc\/service\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Lustre Scratch Storage' })).toBeVisible();

  // The button opens it too, for mouse and touch; Escape closes it.
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Search the portal' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

/**
 * Every role's home shows its own queue (docs/adr/0082-home-queues-and-asking-for-access.md), under
 * one greeting: the welcome bar's. The logged-out brochure is not below it.
 */
test.describe('each role’s home', () => {
  test('rita finds the packages waiting for her review and opens one', async ({ page }) => {
    await loggedIn(page, 'rita', { from: '/' });
    await oneGreeting(page);
    const waiting = page.getByRole('region', { name: 'Waiting for me' });
    const reviews = waiting.getByRole('link', { name: /^Review the resource package: / });
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeGreaterThan(3);
    await expectAccessible(page);
    const name = ((await reviews.first().textContent()) ?? '').replace(/^Review the resource package: /, '');
    await reviews.first().click();
    await expect(page).toHaveURL(/\/sc\/service\/[^/]+\/policy\/[^/]+$/);
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  });

  test('carla finds the contact database, not an empty "My services"', async ({ page }) => {
    await loggedIn(page, 'carla', { from: '/' });
    await oneGreeting(page);
    await expectMenuGroups(page, ['Contact Database']);
    const contacts = page.getByRole('region', { name: 'Contact database' });
    await expect(contacts.getByText(/\d+ contacts · \d+ institutions/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'My services' })).toHaveCount(0);
    await expectAccessible(page);
    await contacts.getByRole('link', { name: 'Open the contact database' }).click();
    await expect(page).toHaveURL('/cd/contact-database');
  });

  test('sven finds the VO applications waiting for his review', async ({ page }) => {
    await loggedIn(page, 'sven', { from: '/' });
    await oneGreeting(page);
    const waiting = page.getByRole('region', { name: 'Waiting for me' });
    await expect(waiting.getByRole('link', { name: /^Review the VO application: / }).first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'My services' })).toHaveCount(0);
    await expectAccessible(page);
  });

  test('nora, without a role, is told so and offered a request for access', async ({ page }) => {
    await loggedIn(page, 'nora', { from: '/' });
    await oneGreeting(page);
    await expectMenuGroups(page, []);
    await expect(page.getByText('You have no role in Nubes yet')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Request access' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'My services' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
