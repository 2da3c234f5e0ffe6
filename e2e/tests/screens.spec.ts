import type { Page, TestInfo } from '@playwright/test';
import {
  canOpenRoute,
  de,
  DEFAULT_WEIGHTING_CRITERIA,
  en,
  ROUTES,
  routePath,
  SERVICE_FIELDS,
  type RouteId,
} from '@nubes/domain';
import { bearerOf, expect, expectAccessible, storedSession, test } from '../fixtures.js';
import { loggedIn, loggedInState } from '../login.js';
import { LONG_WALK } from '../long-walk.js';

/**
 * The screen sweep (docs/adr/0048-screen-sweep.md): every route of the domain's route table, as
 * each main role, at a desktop and a phone size. Each person sees their screens in two looks that
 * differ in size, colour scheme and language at once; the people alternate between the two pairs
 * of looks, so every size meets both schemes and both languages; the phone look of the pair that is
 * light on phones turns dark on every other screen, so every person sees phone screens in the dark
 * scheme. A person's two looks are one test on one page: the second look is the first one's page
 * resized, its colour scheme switched and its language chosen with the app's switch (ADR 0119).
 * The routes a person may not open
 * (the login page or the same no-access notice) are checked once per person; the public screens
 * as the visitor and the administrator. A check fails on the defects a first user met: a page
 * wider than the window, a label drawn away from its field or box, English left on a German
 * page, an axe violation. With E2E_SCREENSHOTS=1 the main screens' screenshots are attached to
 * the test as artifacts (not compared), for a person to look at; `npm test` takes none (ADR 0048).
 */

interface Look {
  name: string;
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
  language: 'en' | 'de';
  /**
   * Run axe on every screen of this look. The desktop in the light scheme is the look of every
   * other spec, which check their screens with axe there; the sweep leaves it out to keep its time.
   */
  axe: boolean;
  /**
   * Every other screen of this look in the other colour scheme (the system setting switched
   * between two visits, which costs no time): the people of this pair get dark phone screens too.
   */
  alternateScheme?: boolean;
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Two pairs of looks; within each pair the looks differ in size, scheme and language. */
const LOOK_PAIRS: readonly (readonly [Look, Look])[] = [
  [
    { name: 'desktop-dark-en', viewport: DESKTOP, colorScheme: 'dark', language: 'en', axe: true },
    {
      name: 'phone-light-de',
      viewport: PHONE,
      colorScheme: 'light',
      language: 'de',
      axe: true,
      alternateScheme: true,
    },
  ],
  [
    { name: 'desktop-light-de', viewport: DESKTOP, colorScheme: 'light', language: 'de', axe: false },
    { name: 'phone-dark-en', viewport: PHONE, colorScheme: 'dark', language: 'en', axe: true },
  ],
];

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

/** Proper names that the catalogues happen to translate but a German page may show as they are. */
const PROPER_NAMES = new Set<string>([
  'Nubes',
  // A demo service's keyword (data, not a text of the portal) that is also a field's English label.
  'Documentation',
]);

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
  .filter((english) => !GERMAN_TEXTS.has(english) && !PROPER_NAMES.has(english));

// ---------------------------------------------------------------------------------------------
// Checks on the page as it is

/**
 * Labels drawn away from what they name: a checkbox, radio or switch label must sit beside its
 * box on the same line; a field's label above the field (overlapping it sideways) or on its line
 * before it.
 */
const misplacedLabels = (page: Page) =>
  page.evaluate(() => {
    const problems: string[] = [];
    const shown = (rect: DOMRect) => rect.width > 0 && rect.height > 0;
    const where = (rect: DOMRect) =>
      `(${Math.round(rect.left)},${Math.round(rect.top)})–(${Math.round(rect.right)},${Math.round(rect.bottom)})`;
    const fields = document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      'input:not([type=hidden]), select, textarea',
    );
    for (const field of Array.from(fields)) {
      // Pills inputs (keywords) type into a small input after the pills: the frame is the field.
      const box = (field.closest('.mantine-Input-input') ?? field).getBoundingClientRect();
      if (!shown(box)) continue;
      const toggle = field instanceof HTMLInputElement && ['checkbox', 'radio'].includes(field.type);
      for (const label of Array.from(field.labels ?? [])) {
        // A label that wraps its field (a card's checkbox): the text beside the box is what counts.
        const text = label.contains(field) ? label.querySelector('span') : label;
        const rect = text?.getBoundingClientRect();
        if (!rect || !shown(rect)) continue;
        const sameLine = rect.top < box.bottom && rect.bottom > box.top;
        const beside = rect.left >= box.right - 1 || rect.right <= box.left + 1;
        const before = rect.right <= box.left + 1;
        const above = rect.bottom <= box.top + 2 && rect.left < box.right && rect.right > box.left;
        const fine = toggle ? sameLine && beside : above || (sameLine && before);
        if (!fine) problems.push(`"${label.textContent?.trim()}": label at ${where(rect)}, field at ${where(box)}`);
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

/**
 * Waits until the screen has its heading and no loader is left, so the checks see the real screen.
 * One wait inside the page, checked every frame: a Playwright assertion polls after 100, 250 and
 * 500 ms, so a screen still loading its data was checked up to a second after it was ready.
 */
const settle = (page: Page) =>
  page.waitForFunction(() => {
    const main = document.querySelector('main');
    if (!main?.querySelector('h1')) return false;
    const loading = /^(Loading|Wird geladen|Services werden geladen|Das Portfolio wird geladen)/;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (loading.test(node.textContent?.trim() ?? '')) return false;
    }
    return true;
  });

/**
 * Moves the running app to a path as its own links do: the address changes and the router follows
 * (wouter listens to popstate), without a page load. A screen a person reaches by a link is the
 * screen the sweep checks; a page load per screen (parsing the app and axe again each time) cost
 * the sweep over half its time. Deep links and reloads are other specs' concern. Waits until the
 * screen shown before has gone, so the checks never see it.
 */
const openInApp = async (page: Page, path: string) => {
  const target = new URL(path, page.url());
  const current = new URL(page.url());
  if (target.pathname === current.pathname && target.search === current.search) return;
  const before = await page.$('main h1');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (before) await page.waitForFunction((heading) => !heading.isConnected, before);
};

interface Visit {
  path: string;
  route: RouteId;
  look: Look;
  /** The look's scheme, or the other one on every other screen of a look that alternates. */
  colorScheme: 'light' | 'dark';
  axe: boolean;
  screenshot: boolean;
}

const checkScreen = async (page: Page, visit: Visit, testInfo: TestInfo) => {
  const { path, look, colorScheme } = visit;
  const name = look.name.replace(look.colorScheme, colorScheme);
  const where = `${path} (${name})`;
  await page.emulateMedia({ colorScheme });
  await openInApp(page, path);
  await settle(page);
  expect(await horizontalOverflow(page), `horizontal scroll on ${where}`).toBeNull();
  expect(await misplacedLabels(page), `labels beside or above their fields on ${where}`).toEqual([]);
  if (look.language === 'de') {
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await englishOnGermanPage(page), `English text on the German page ${where}`).toEqual([]);
  }
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', colorScheme);
  if (visit.route === 'service' && !path.includes(NO_SUCH_ID)) {
    expect(await page.title(), `document title of ${where}`).not.toMatch(/^(Service Catalogue|Servicekatalog)$/);
  }
  if (visit.screenshot) {
    await testInfo.attach(`${visit.route}-${name}.png`, {
      body: await page.screenshot(),
      contentType: 'image/png',
    });
  }
  if (visit.axe) await expectAccessible(page);
};

// ---------------------------------------------------------------------------------------------
// Who visits, and where each route's parameters come from

const PEOPLE = ['anonymous', 'alice', 'paula', 'ivan', 'carla', 'victor', 'nora', 'admin'] as const;

/**
 * Screenshots only when asked for: they prove nothing by themselves, and the 160 of a run cost
 * about 13 s of the machine's CPU (ADR 0048).
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';
/** The main screens, kept as screenshots when SCREENSHOTS asks for them. */
const MAIN_SCREENS = new Set<RouteId>([
  'home',
  'servicePortfolio',
  'service',
  'serviceApplication',
  'myServices',
  'contactDatabase',
  'myVos',
  'voApplication',
  'adminPanel',
  'publicServicePortfolio',
]);

/** The login's return from the identity provider is no screen of its own: it sends the user on. */
const NOT_VISITED = new Set<RouteId>(['loginOauth']);

/** Screens that look the same for everyone logged in: the visitor and the administrator see them. */
const PUBLIC_SCREENS = new Set<RouteId>([
  'login',
  'publicServicePortfolio',
  'instructionsServicePortfolio',
  'instructionsContactDatabase',
  'notFound',
]);

/** A made-up id for a route parameter the role has nothing for: the screen says "not found". */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** The API's answer for this session: the first items of a list (none when the role may not read it). */
const listOf = async (page: Page, url: string): Promise<{ id: string; state?: string }[]> => {
  const headers = await bearerOf(page);
  if (!headers) return [];
  const answer = await page.request.get(url, { headers });
  if (!answer.ok()) return [];
  const body = (await answer.json()) as { items?: { id: string; state?: string }[] };
  return body.items ?? [];
};

/** The services a person works with: their own as provider, otherwise the portfolio's tabs. */
const servicesOf = async (page: Page) => {
  const mine = await listOf(page, '/api/services/mine');
  const tabs = await Promise.all(
    ['application', 'pipeline', 'catalogue'].map((tab) => listOf(page, `/api/services?tab=${tab}&pageSize=10`)),
  );
  return { mine, application: tabs[0]!, pipeline: tabs[1]!, catalogue: tabs[2]! };
};

/** Each route's path for this person, its parameters from what the person may see. */
const pathsOf = async (page: Page): Promise<Map<RouteId, string>> => {
  // The lists at once, not one after the other: the same answers in a fraction of the round trips.
  const [services, vos, portfolio] = await Promise.all([
    servicesOf(page),
    listOf(page, '/api/vos?pageSize=50'),
    // A service of the public portfolio, by its stable service ID, as its public page links it.
    page.request.get('/api/public/services'),
  ]);
  const all = [...services.mine, ...services.catalogue, ...services.application, ...services.pipeline];
  const drafts = [...services.mine.filter((s) => s.state?.startsWith('application')), ...services.application];
  const online = [...services.mine.filter((s) => s.state === 'online'), ...services.catalogue];
  // The first of the first six services that has a resource package, as a look through them in order finds it.
  const candidates = all.slice(0, 6);
  const packages = await Promise.all(
    candidates.map((service) => listOf(page, `/api/services/${service.id}/resource-packages`)),
  );
  const withPackage = packages.findIndex((list) => list.length > 0);
  const resourcePackage =
    withPackage < 0 ? undefined : { serviceID: candidates[withPackage]!.id, policyUID: packages[withPackage]![0]!.id };
  const publicId = portfolio.ok()
    ? ((await portfolio.json()) as { current: { serviceId: string }[] }).current[0]?.serviceId
    : undefined;
  const voDraft = vos.find((vo) => vo.state === 'application_draft') ?? vos[0];
  const params: Partial<Record<RouteId, Record<string, string>>> = {
    service: { id: all[0]?.id ?? NO_SUCH_ID },
    serviceApplicationEdit: { id: drafts[0]?.id ?? NO_SUCH_ID },
    serviceOnlineForm: { id: online[0]?.id ?? NO_SUCH_ID },
    policy: resourcePackage ?? { serviceID: all[0]?.id ?? NO_SUCH_ID, policyUID: NO_SUCH_ID },
    resourceForm: {
      serviceID: resourcePackage?.serviceID ?? NO_SUCH_ID,
      pathPolicyUID: resourcePackage?.policyUID ?? NO_SUCH_ID,
    },
    virtualOrganisation: { id: vos[0]?.id ?? NO_SUCH_ID },
    voApplicationEdit: { id: voDraft?.id ?? NO_SUCH_ID },
    publicService: { serviceId: publicId ?? 'SVC-99999' },
  };
  const paths = new Map<RouteId, string>();
  for (const route of ROUTES) {
    if (!route.hasScreen || NOT_VISITED.has(route.id)) continue;
    if (route.id === 'notFound') paths.set(route.id, '/no-such-screen');
    else if (route.id === 'service') paths.set(route.id, `${routePath('service', params.service)}?tab=information`);
    else paths.set(route.id, routePath(route.id, params[route.id]));
  }
  return paths;
};

/**
 * Turns the running page into the next look as a person would: the window resized, the system's
 * colour scheme switched (emulated) and the language chosen with the app's own switch, without a
 * page load. The app, its data and axe stay loaded, so the second look costs no load, no login and
 * no second round of API calls for the route parameters (ADR 0048).
 */
const changeLook = async (page: Page, look: Look) => {
  await page.setViewportSize(look.viewport);
  await page.emulateMedia({ colorScheme: look.colorScheme });
  const language = page.getByRole('button', { name: look.language.toUpperCase(), exact: true });
  await language.click();
  await expect(language).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('html')).toHaveAttribute('lang', look.language);
};

test.describe.configure({ mode: 'parallel' });

for (const [personIndex, who] of PEOPLE.entries()) {
  const pair = LOOK_PAIRS[personIndex % LOOK_PAIRS.length]!;
  // Every other person of a pair starts with its second look, so each of the four looks is the
  // first page load (the app's first render in that size, scheme and language) for two people.
  const looks = Math.floor(personIndex / LOOK_PAIRS.length) % 2 === 0 ? pair : ([pair[1], pair[0]] as const);
  // Both looks in one test make a sweep one of the longest walks: handed out first (ADR 0071).
  test(
    `${who}: every route in the route table, ${looks.map((look) => look.name).join(' then ')}`,
    LONG_WALK,
    async ({ browser }, testInfo) => {
      test.setTimeout(480_000);
      const [first] = looks;
      // One login per person and test worker; the first look's context opens with its session.
      const storageState = who === 'anonymous' ? undefined : await loggedInState(browser, who);
      const context = await browser.newContext({
        storageState,
        viewport: first.viewport,
        colorScheme: first.colorScheme,
      });
      // The first look's language before the app starts, as the switch stores it; the second look's
      // through the switch itself (changeLook).
      await context.addInitScript((language) => window.localStorage.setItem('lang', language), first.language);
      const page = await context.newPage();
      await page.goto('/');
      const session = await storedSession(page);
      const principal = session ? { id: session.username, username: session.username, roles: session.roles } : null;
      const paths = await pathsOf(page);
      for (const [lookIndex, look] of looks.entries()) {
        if (lookIndex > 0) await test.step(`the look ${look.name}`, () => changeLook(page, look));
        let deniedChecked = false;
        let visits = 0;
        const otherScheme = look.colorScheme === 'light' ? 'dark' : 'light';
        for (const [route, path] of paths) {
          const allowed = canOpenRoute(principal, route);
          if (!allowed && deniedChecked) continue;
          if (PUBLIC_SCREENS.has(route) && !['anonymous', 'admin'].includes(who)) continue;
          const colorScheme = look.alternateScheme && visits % 2 === 1 ? otherScheme : look.colorScheme;
          await test.step(`${look.name} ${path}${allowed ? '' : ' (denied)'}${colorScheme === look.colorScheme ? '' : ` (${colorScheme})`}`, () =>
            checkScreen(
              page,
              {
                path,
                route,
                look,
                colorScheme,
                axe: look.axe,
                screenshot: SCREENSHOTS && allowed && MAIN_SCREENS.has(route),
              },
              testInfo,
            ));
          if (!allowed) deniedChecked = true;
          visits += 1;
        }
        // Every person meets both schemes on a phone: an alternating look needs two screens at least.
        if (look.alternateScheme) expect(visits, `screens of ${who} in ${look.name}`).toBeGreaterThan(1);
      }
      await context.close();
    },
  );
}

/** A service the user may read: the first of the portfolio's catalogue, or of their own. */
const aService = async (page: Page, list: string): Promise<string> => {
  const answer = await page.request.get(list, { headers: (await bearerOf(page))! });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { items } = (await answer.json()) as { items: { id: string }[] };
  expect(items.length, `a service in ${list}`).toBeGreaterThan(0);
  return `/sc/service/${items[0]!.id}?tab=information`;
};

const switchLanguage = async (page: Page, to: 'EN' | 'DE') => {
  await page.getByRole('button', { name: to, exact: true }).click();
  await expect(page.getByRole('button', { name: to, exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  // After the reload the stored language shows from the first render on.
  await expect(page.getByRole('button', { name: to, exact: true })).toHaveAttribute('aria-pressed', 'true');
};

/**
 * alice on a desktop: a notification clear of what she clicked, then the German application form
 * after a reload. Two tests before, each a context and a page load of its own (docs/testing.md).
 */
test('a notification covers neither the user menu nor the button that caused it; the German application form after a reload: labels, switch and requests in German', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await loggedIn(page, 'alice');
  await page.goto((await aService(page, '/api/services/mine')).replace('tab=information', 'tab=onboarding'));
  const copy = page.getByRole('button', { name: 'Copy link' });
  // The notifications sit top right below the header (NotificationsHost, ADR 0090): they keep
  // clear of a button a person clicks where they read, here in the middle of the window.
  await copy.evaluate((element) => element.scrollIntoView({ block: 'center' }));
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

  await switchLanguage(page, 'DE');
  const languages: string[] = [];
  // The app's own calls (fetch and its upload XHR) carry the language; an image such as a provider's
  // logo is the browser's request, whose Accept-Language Chromium adds after Playwright has read it.
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(request.resourceType()))
      languages.push(`${request.headers()['accept-language'] ?? ''} ${pathname}`);
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
    languages.join('; '),
  ).toBe(true);
  await context.close();
});
