import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { E2E_SECRETS } from '../secrets.js';

test.describe('logged out', () => {
  // One visitor's look around the public pages, each check as it was a test of its own before
  // (docs/testing.md): the home, the menu, the footer, the public portfolio, an unknown path, titles.
  test('a visitor sees the home, only the login link, the footer, the public portfolio, Page not found and the titles', async ({
    page,
  }) => {
    // The home welcomes, lists the modules and shows restricted links as plain text.
    await visit(page, '/');
    await expect(page).toHaveTitle('Nubes');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Nubes' })).toBeVisible();
    await expect(page.getByText('Welcome to Nubes').first()).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /current service portfolio/i })).toBeVisible();
    for (const text of ['New Application', 'New VO Application', 'My VOs']) {
      await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(main.getByRole('link', { name: text, exact: true })).toHaveCount(0);
    }
    await expect(main.getByRole('link', { name: /Step-by-step instructions/ })).toHaveAttribute('target', '_blank');
    await expect(main.getByRole('link', { name: 'Helpdesk' })).toBeVisible();

    // The navigation shows only the login link.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByRole('link', { name: 'Log in' })).toBeVisible();
    for (const group of ['Service Portfolio', 'Contact Database', 'VO Registration', 'Admin Panel']) {
      await expect(nav.getByRole('button', { name: group })).toHaveCount(0);
    }

    // The footer links to legal notice, privacy, accessibility, team, news, helpdesk and about.
    const footer = page.getByRole('contentinfo');
    for (const name of ['Legal notice', 'Privacy', 'Accessibility', 'Team', 'News', 'Helpdesk', 'About']) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', /.+/);
    }

    // The public service portfolio opens without login.
    await visit(page, '/sc/public-service-portfolio');
    await expect(page).toHaveURL(/\/sc\/public-service-portfolio$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Public Service Portfolio' })).toBeVisible();
    await expect(page).toHaveTitle('Public Service Portfolio');

    // Any other path shows Page not found.
    await visit(page, '/no/such/page?x=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page).toHaveTitle('Page not found');

    // Document titles follow the route titles.
    for (const [path, title] of [
      ['/login', 'Log in'],
      ['/sc/public-service-portfolio', 'Public Service Portfolio'],
      ['/', 'Nubes'],
    ] as const) {
      await visit(page, path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('a protected route redirects to login with the full path and comes back after login', async ({ page }) => {
    await page.goto('/sc/my-services?tab=pipeline&page=2');
    await expect(page).toHaveURL('/login?redirect=%2Fsc%2Fmy-services%3Ftab%3Dpipeline%26page%3D2');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(page).toHaveTitle('Log in');
    const form = page.getByRole('form', { name: /direct login/i });
    await form.getByLabel('Username').fill('admin');
    await form.getByLabel('Password').fill(E2E_SECRETS.adminPassword);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL('/sc/my-services?tab=pipeline&page=2');
    await expect(page.getByRole('heading', { level: 1, name: 'My Services' })).toBeVisible();
    await expect(page).toHaveTitle('My Services');
  });
});

test('the language switch turns the shell German and keeps the choice', async ({ page }) => {
  await visit(page, '/sc/public-service-portfolio');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'DE' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Öffentliches Serviceportfolio' })).toBeVisible();
  await expect(page).toHaveTitle('Öffentliches Serviceportfolio');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Anmelden' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByText('Willkommen bei Nubes').first()).toBeVisible();
  await page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'EN' }).click();
  await expect(page).toHaveTitle('Public Service Portfolio');
});
