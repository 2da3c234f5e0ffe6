import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { AUTH_COOKIE, SESSION_STORAGE_KEY } from '@nubes/domain';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2.2 A/AA) on the page as it is now and fails on any violation. Injected
 * through the DevTools protocol, so the portal's CSP stays as strict as in production. `skipRules`
 * leaves out rules a caller names, for a known defect that is being fixed elsewhere.
 */
export const expectAccessible = async (page: Page, options: { skipRules?: string[] } = {}) => {
  await page.waitForLoadState('load');
  // A dialog or notification still fading in has its colours half-way: axe would measure those.
  // Endless animations (loaders) never finish and are left as they are.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ tags, skipRules }) => {
      const axe = (
        window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }
      ).axe;
      // The page as axe checks it stays marked checked until anything that could change what axe
      // finds happens: a change of the DOM (an element, an attribute, a text), focus or the pointer
      // moving, a scroll, a resize, the system's colour scheme switched. A new document has no mark.
      const state = window as unknown as { nubesAxeChecked?: { checked: boolean; end(): void } };
      state.nubesAxeChecked?.end();
      const events = ['focusin', 'focusout', 'pointermove', 'scroll', 'resize'];
      const scheme = window.matchMedia('(prefers-color-scheme: dark)');
      const observer = new MutationObserver(() => mark.end());
      const mark = {
        checked: skipRules.length === 0,
        end: () => {
          mark.checked = false;
          observer.disconnect();
          for (const event of events) window.removeEventListener(event, mark.end, true);
          scheme.removeEventListener('change', mark.end);
        },
      };
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      for (const event of events) window.addEventListener(event, mark.end, true);
      scheme.addEventListener('change', mark.end);
      state.nubesAxeChecked = mark;
      const rules = Object.fromEntries(skipRules.map((id) => [id, { enabled: false }]));
      const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      });
      if (result.violations.length > 0) mark.end();
      return result.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
      }));
    },
    { tags: WCAG_TAGS, skipRules: options.skipRules ?? [] },
  );
  expect(violations, `axe violations on ${page.url()}`).toEqual([]);
};

/** Whether axe found nothing on the page as it is now: nothing changed since (expectAccessible). */
const checkedAsItIs = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { nubesAxeChecked?: { checked: boolean } }).nubesAxeChecked?.checked === true,
  );

/** Goes to a path, waits for the app to settle and checks accessibility. */
export const visit = async (page: Page, path: string) => {
  await page.goto(path);
  await page.locator('main').first().waitFor();
  await expectAccessible(page);
};

const MINUTE = 60_000;

/** Ages the stored session, as if it had been created `minutes` ago. */
export const ageSession = async (page: Page, minutes: number) => {
  await page.evaluate(
    ({ key, ms }) => {
      const session = JSON.parse(localStorage.getItem(key) ?? 'null');
      session.sessionCreated = Date.now() - ms;
      localStorage.setItem(key, JSON.stringify(session));
    },
    { key: SESSION_STORAGE_KEY, ms: minutes * MINUTE },
  );
};

export const storedSession = (page: Page) =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), SESSION_STORAGE_KEY) as Promise<{
    tokenExpire: number;
    roles: string[];
    sessionCreated: number;
    username: string;
    fullname: string;
    email: string;
  } | null>;

/**
 * The Authorization header of the page's session, for calls a test makes beside the browser: the
 * token is in the HttpOnly auth cookie the server set (only the browser context reads it); null
 * when logged out.
 */
export const bearerOf = async (page: Page): Promise<{ authorization: string } | null> => {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === AUTH_COOKIE)?.value;
  return token ? { authorization: `Bearer ${token}` } : null;
};

/**
 * Every test fails on a CSP violation or an uncaught page error, and checks its last page with axe,
 * unless the test's own last check was axe on that page as it still is.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await use(page);
    if (!page.isClosed() && new URL(page.url()).protocol.startsWith('http') && !(await checkedAsItIs(page)))
      await expectAccessible(page);
    expect(problems, 'CSP violations or page errors').toEqual([]);
  },
});

export { expect };
