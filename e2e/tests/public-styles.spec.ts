import type { Page } from '@playwright/test';
import { expect, test, visit } from '../fixtures.js';
import { loginAsAdmin } from '../login.js';

/**
 * The public screens load only the shell's part of Mantine's stylesheet (apps/web/src/app/shell-styles.ts,
 * docs/adr/0086-public-pages-audit.md). A component whose stylesheet is missing from that list shows
 * without its look and nothing else fails, so every Mantine class on these screens must have a rule
 * among the stylesheets the page loaded; and Mantine's whole stylesheet must not be among them.
 */
const unstyledMantineClasses = (page: Page) =>
  page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const name of rule.selectorText.match(/m_[0-9a-f]+/g) ?? []) styled.add(name);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const used = new Set(
      Array.from(document.querySelectorAll('[class]')).flatMap((element) =>
        Array.from(element.classList).filter((name) => /^m_[0-9a-f]+$/.test(name)),
      ),
    );
    return {
      missing: [...used].filter((name) => !styled.has(name)).sort(),
      used: used.size,
      // Checkbox's and Stepper's root classes: no public screen shows either, only the whole sheet has them.
      wholeSheet: styled.has('m_bf2d988c') || styled.has('m_cbb4ea7e'),
    };
  });

const expectStyled = async (page: Page, where: string) => {
  const { missing, used, wholeSheet } = await unstyledMantineClasses(page);
  expect(used, `Mantine classes on ${where}`).toBeGreaterThan(0);
  expect(missing, `Mantine classes without a rule on ${where}`).toEqual([]);
  expect(wholeSheet, `Mantine's whole stylesheet on ${where}`).toBe(false);
};

for (const [width, height, device] of [
  [1440, 900, 'desktop'],
  [390, 844, 'phone'],
] as const) {
  test(`the public screens have every Mantine stylesheet they use, and no more (${device})`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await visit(page, '/');
    await expectStyled(page, 'home');
    await visit(page, '/login');
    await expect(page.getByRole('button', { name: 'Log in with AAI' })).toBeVisible();
    await expectStyled(page, 'the login page');
    // The admin form's errors and a notification: Input's error look, Notification's.
    await page
      .getByRole('form', { name: /direct login/i })
      .getByRole('button', { name: 'Log in' })
      .click();
    await expect(page.getByText('Username').first()).toBeVisible();
    await expectStyled(page, 'the login page with errors');
    await visit(page, '/sc/public-service-portfolio');
    // A table on a desktop, cards on a phone: the first link to a service's page either way.
    const firstService = page.locator('main a[href^="/sc/public-service-portfolio/"]').first();
    await expect(firstService).toBeVisible();
    await expectStyled(page, 'the public portfolio');
    await firstService.click();
    await expect(page.getByRole('link', { name: 'Back to the service portfolio' })).toBeVisible();
    await expectStyled(page, 'a public service');
    await visit(page, '/instructions/service-portfolio');
    await expectStyled(page, 'the instructions');
    await visit(page, '/no/such/page');
    await expectStyled(page, 'not found');
  });
}

test('a screen behind a login loads Mantine’s whole stylesheet', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/manage/adminPanel');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  expect((await unstyledMantineClasses(page)).wholeSheet).toBe(true);
});

/**
 * A script the CSP refuses inside a try, as zod's probe for `new Function` was, reaches no console:
 * only the page's securitypolicyviolation event (and DevTools' issues, which Lighthouse's best
 * practices count) tell of it. The web app runs zod without that probe (apps/web/src/app/zod-jitless.ts).
 */
test('the public screens and a login ask for nothing the CSP refuses, eval included', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    ),
  );
  await visit(page, '/');
  await visit(page, '/login');
  await expect(page.getByRole('button', { name: 'Log in with AAI' })).toBeVisible();
  await page
    .getByRole('form', { name: /direct login/i })
    .getByRole('button', { name: 'Log in' })
    .click();
  await expect(page.getByText('This field cannot be empty').first()).toBeVisible();
  await visit(page, '/sc/public-service-portfolio');
  const firstService = page.locator('main a[href^="/sc/public-service-portfolio/"]').first();
  await firstService.click();
  await expect(page.getByRole('link', { name: 'Back to the service portfolio' })).toBeVisible();
  await loginAsAdmin(page);
  await page.goto('/manage/adminPanel');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Panel' })).toBeVisible();
  expect(violations).toEqual([]);
});
