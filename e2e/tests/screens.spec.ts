import type { Browser, Page } from '@playwright/test';
import { de, DEFAULT_WEIGHTING_CRITERIA, en, SERVICE_FIELDS } from '@nubes/domain';
import { expect, expectAccessible, storedSession, test } from '../fixtures.js';
import { loginAsAdmin, loginWithAai } from '../login.js';

/**
 * Every screen each role reaches from its menu, plus a service view and the application form where
 * the role has them, at a desktop and a phone size, in English and in German (chosen with the
 * switch, then reloaded). Fails on the defects a first user met: checkbox and radio labels drawn
 * under their boxes, English left on a German page, a page wider than a phone, an axe violation.
 */

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

// ---------------------------------------------------------------------------------------------
// English words that have a German translation: catalogue values and the field catalogue's texts.

const leaves = (node: unknown, prefix = ''): [string, string][] =>
  typeof node === 'string'
    ? [[prefix, node]]
    : typeof node === 'object' && node !== null
      ? Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key))
      : [];

const localizedPairs = (node: unknown): [string, string][] => {
  if (typeof node !== 'object' || node === null) return [];
  const record = node as Record<string, unknown>;
  if (typeof record.en === 'string' && typeof record.de === 'string') return [[record.en, record.de]];
  return Object.values(record).flatMap(localizedPairs);
};

const germanOf = new Map(leaves(de));
const GERMAN_TEXTS = new Set([...germanOf.values()].map((text) => text.trim()));
const ENGLISH_ONLY = [
  ...leaves(en).map(([key, text]) => [text, germanOf.get(key) ?? text] as [string, string]),
  ...localizedPairs(SERVICE_FIELDS),
  ...localizedPairs(DEFAULT_WEIGHTING_CRITERIA),
]
  // Templates are filled in on screen, so only fixed texts can be matched as a whole.
  .filter(([english, german]) => english !== german && !english.includes('{{') && english.trim().length > 1)
  .map(([english]) => english.trim())
  // A word German takes over (such as "Review") is English in one place and German in another.
  .filter((english) => !GERMAN_TEXTS.has(english));

// ---------------------------------------------------------------------------------------------
// Checks on the page as it is

/** Checkbox, radio and switch labels must sit beside their box, on the same line, not below it. */
const misplacedLabels = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const inputs = document.querySelectorAll<HTMLInputElement>(
      'input[type=checkbox], input[type=radio], input[role=switch]',
    );
    for (const input of Array.from(inputs)) {
      const box = input.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (const label of Array.from(input.labels ?? [])) {
        const text = label.getBoundingClientRect();
        if (text.width === 0 || text.height === 0) continue;
        const sameLine = text.top < box.bottom && text.bottom > box.top;
        const beside = text.left >= box.right - 1 || text.right <= box.left + 1;
        if (!sameLine || !beside) {
          problems.push(
            `"${label.textContent?.trim()}": label at (${Math.round(text.left)},${Math.round(text.top)}), ` +
              `box at (${Math.round(box.left)},${Math.round(box.top)})–(${Math.round(box.right)},${Math.round(box.bottom)})`,
          );
        }
      }
    }
    return problems;
  });

/** Visible texts (text nodes, placeholders, accessible names given as attributes) in German parts of the page. */
const englishOnGermanPage = (page: Page) =>
  page.evaluate((englishOnly) => {
    const english = new Set(englishOnly);
    const found = new Set<string>();
    const german = (element: Element) => (element.closest('[lang]')?.getAttribute('lang') ?? 'de') === 'de';
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !english.has(text) || !german(parent)) continue;
      if (visible(parent) || parent.closest('.visually-hidden')) found.add(text);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (!german(element)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value && english.has(value)) found.add(`${value} (${name})`);
      }
    }
    return [...found];
  }, ENGLISH_ONLY);

const horizontalOverflow = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth ? `${root.scrollWidth} > ${root.clientWidth}` : null;
  });

/** Waits until the screen has its heading and no loader is left, so the checks see the real screen. */
const settle = async (page: Page) => {
  await page.locator('main h1').first().waitFor();
  await expect(
    page.getByRole('main').getByText(/^(Loading|Wird geladen|Services werden geladen|Das Portfolio wird geladen)/),
  ).toHaveCount(0);
};

/**
 * The public portfolio's tables scroll sideways on a phone in a wrapper that cannot take the
 * focus (axe: scrollable-region-focusable). Its page belongs to the table rework under way; this
 * exception goes when that lands.
 */
const KNOWN_ELSEWHERE: Record<string, string[]> = { '/sc/public-service-portfolio': ['scrollable-region-focusable'] };

const checkScreen = async (page: Page, path: string, language: 'en' | 'de', viewport: (typeof VIEWPORTS)[number]) => {
  const where = `${path} (${language}, ${viewport.name})`;
  await page.goto(path);
  await settle(page);
  expect(await misplacedLabels(page), `checkbox/radio labels beside their boxes on ${where}`).toEqual([]);
  if (language === 'de') {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await englishOnGermanPage(page), `English text on the German page ${where}`).toEqual([]);
  }
  if (viewport.name === 'phone') {
    expect(await horizontalOverflow(page), `horizontal scroll on ${where}`).toBeNull();
  }
  if (path.startsWith('/sc/service/')) {
    expect(await page.title(), `document title of ${where}`).not.toMatch(/^(Service Catalogue|Servicekatalog)$/);
  }
  // axe at the desktop in English and on the phone in German: the sizes and languages both get a
  // full check without paying for four runs per screen.
  if ((viewport.name === 'desktop') === (language === 'en')) {
    await expectAccessible(page, viewport.name === 'phone' ? { skipRules: KNOWN_ELSEWHERE[path] ?? [] } : {});
  }
};

// ---------------------------------------------------------------------------------------------
// What each role reaches

/** The internal links of every menu group the user sees. */
const menuScreens = async (page: Page): Promise<string[]> => {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  const groups = nav.getByRole('button').filter({ hasNotText: /^(EN|DE)$/ });
  const paths = new Set<string>();
  const fullname = (await storedSession(page))?.fullname;
  // The menus load after the first paint; the profile menu shows when they are there.
  if (fullname) await nav.getByRole('button', { name: fullname }).waitFor();
  for (const group of await groups.all()) {
    const name = (await group.textContent())?.trim();
    if (!name || name === fullname) continue;
    await group.click();
    for (const item of await page.getByRole('menuitem').all()) {
      const href = await item.getAttribute('href');
      // Documents (instruction PDFs) open in a new tab and are not screens.
      if (href?.startsWith('/') && !(await item.getAttribute('target'))) paths.add(href);
    }
    await page.keyboard.press('Escape');
  }
  return [...paths];
};

/** A service the user may read: the first of the portfolio's catalogue, or of their own. */
const aService = async (page: Page, list: string): Promise<string> => {
  const session = await storedSession(page);
  const answer = await page.request.get(list, { headers: { Authorization: `Bearer ${session!.token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string }[] };
  expect(items.length, `a service in ${list}`).toBeGreaterThan(0);
  return `/sc/service/${items[0]!.id}?tab=information`;
};

interface Person {
  login: string | null;
  /** The menu entries this role must see, so an empty menu does not pass unnoticed. */
  expectMenu: string[];
  /** The API list to take a service from, for roles that read services. */
  services?: string;
  applicationForm?: boolean;
}

const PEOPLE: Record<string, Person> = {
  anonymous: { login: null, expectMenu: [] },
  alice: {
    login: 'alice',
    expectMenu: ['/sc/service-application', '/sc/my-services'],
    services: '/api/services/mine',
    applicationForm: true,
  },
  paula: {
    login: 'paula',
    expectMenu: ['/sc/service-portfolio', '/sc/service-integration-list'],
    services: '/api/services?tab=catalogue',
  },
  ivan: { login: 'ivan', expectMenu: ['/sc/service-integration-list'], services: '/api/services?tab=pipeline' },
  carla: { login: 'carla', expectMenu: ['/cd/user-accounts', '/cd/contact-database'] },
  victor: { login: 'victor', expectMenu: ['/vo/vo-application', '/vo/my-vos'] },
  nora: { login: 'nora', expectMenu: [] },
  admin: {
    login: 'admin',
    expectMenu: ['/sc/service-application'],
    services: '/api/services?tab=application',
    applicationForm: true,
  },
};

const switchLanguage = async (page: Page, to: 'EN' | 'DE') => {
  await page.getByRole('button', { name: to, exact: true }).click();
  await expect(page.getByRole('button', { name: to, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  // After the reload the stored language shows from the first render on.
  await expect(page.getByRole('button', { name: to, exact: true })).toHaveAttribute('aria-pressed', 'true');
};

const screensOf = async (browser: Browser, who: string) => {
  const person = PEOPLE[who]!;
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  if (person.login === 'admin') await loginAsAdmin(page);
  else if (person.login) await loginWithAai(page, person.login);
  else await page.goto('/');

  const paths = new Set([
    '/',
    ...(person.login
      ? await menuScreens(page)
      : [
          '/sc/public-service-portfolio',
          '/login',
          '/instructions/service-portfolio',
          '/instructions/contact-database',
        ]),
  ]);
  for (const expected of person.expectMenu) expect([...paths], `${who}'s menu`).toContain(expected);
  if (person.services) paths.add(await aService(page, person.services));
  if (person.applicationForm) paths.add('/sc/service-application');
  return { context, page, paths: [...paths] };
};

test.describe.configure({ mode: 'parallel' });

for (const who of Object.keys(PEOPLE)) {
  test(`${who}: every screen of the menu, in English and German, on a desktop and a phone`, async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page, paths } = await screensOf(browser, who);
    for (const language of ['en', 'de'] as const) {
      if (language === 'de') await switchLanguage(page, 'DE');
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        for (const path of paths) await checkScreen(page, path, language, viewport);
      }
    }
    await context.close();
  });
}

test('the German application form and service view after a reload: labels, switch and requests in German', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginWithAai(page, 'alice');
  await switchLanguage(page, 'DE');
  const languages: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) languages.push(request.headers()['accept-language'] ?? '');
  });
  await page.goto('/sc/service-application');
  await expect(page.getByRole('heading', { level: 1, name: 'Neuer Serviceantrag' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sprache' }).getByRole('button', { name: 'DE' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Servicename')).toBeVisible();
  expect(languages.length).toBeGreaterThan(0);
  expect(
    languages.every((value) => value.startsWith('de')),
    languages.join(', '),
  ).toBe(true);
  await context.close();
});

test('a notification covers neither the user menu nor the button that caused it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await loginWithAai(page, 'alice');
  await page.goto((await aService(page, '/api/services/mine')).replace('tab=information', 'tab=onboarding'));
  const copy = page.getByRole('button', { name: 'Copy link' });
  await copy.click();
  const alert = page.getByRole('alert').filter({ hasText: 'Copied to clipboard' }).last();
  await expect(alert).toBeVisible();
  const overlaps = async (other: Awaited<ReturnType<typeof alert.boundingBox>>) => {
    const box = await alert.boundingBox();
    if (!box || !other) return false;
    return (
      box.x < other.x + other.width &&
      other.x < box.x + box.width &&
      box.y < other.y + other.height &&
      other.y < box.y + box.height
    );
  };
  expect(await overlaps(await copy.boundingBox()), 'covers Copy link').toBe(false);
  expect(
    await overlaps(await page.getByRole('button', { name: 'Alice Adler' }).boundingBox()),
    'covers the user menu',
  ).toBe(false);
  await context.close();
});
