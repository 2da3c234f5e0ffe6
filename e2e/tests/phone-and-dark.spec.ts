import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn, loggedInState } from '../login.js';

/**
 * The phone's drawer menu and the dark mode switch, each worked with the keyboard alone
 * (docs/adr/0046-phone-layout.md, docs/adr/0047-dark-mode.md).
 */

/** The transitions and animations running on the page now, endless ones (loaders) left out. */
const runningTransitions = (page: Page) =>
  page.evaluate(
    () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().iterations !== Infinity,
        ).length,
  );

test.describe('asking the system for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the phone menu opens without a transition', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loggedIn(page, 'paula', { from: '/sc/service-portfolio' });
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await runningTransitions(page)).toBe(0);
  });

  test('the JSON editor follows the dark page from its first frame', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    // Every frame's editor background, from the page's first frame on: a theme that came a frame
    // late would flash the light editor on the dark page.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { editorBackgrounds: seen });
      const sample = () => {
        const editor = document.querySelector('.cm-editor');
        if (editor) seen.push(getComputedStyle(editor).backgroundColor);
        requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    await loggedIn(page, 'admin', { from: '/manage/adminPanel' });
    await page.getByRole('tabpanel').getByRole('button', { name: 'New type' }).click();
    const schema = page
      .getByRole('dialog', { name: 'New resource type' })
      .getByRole('textbox', { name: 'JSON Schema of the policy' });
    await expect(schema).toBeVisible();
    const sampled = () => page.evaluate(() => (window as unknown as { editorBackgrounds: string[] }).editorBackgrounds);
    // The editor can be visible before the next animation frame has sampled it (a busy machine).
    await expect.poll(async () => (await sampled()).length).toBeGreaterThan(0);
    const pageBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(pageBackground).not.toBe('rgb(255, 255, 255)');
    expect(new Set(await sampled())).toEqual(new Set([pageBackground]));
    await expectAccessible(page);
  });
});

test('a link to a later tab shows that tab selected in the tab list, on a phone and with German labels on a desktop', async ({
  page,
}) => {
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio' });
  await page.getByRole('table').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sc\/service\/[^/?]+\?/);
  await page.setViewportSize({ width: 390, height: 844 });
  // The history is the last of ten tabs: they scroll sideways in one row, and the link's tab is
  // brought into the row's visible part.
  await page.goto(`${new URL(page.url()).pathname}?tab=history`);
  const selected = page.getByRole('tablist', { name: 'Service views' }).getByRole('tab', { selected: true });
  await expect(selected).toHaveText('History');
  await expect(selected).toBeInViewport({ ratio: 0.95 });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'DE', exact: true }).click();
  await page.reload();
  const ausgewählt = page.getByRole('tablist', { name: 'Ansichten des Service' }).getByRole('tab', { selected: true });
  await expect(ausgewählt).toHaveText('Verlauf');
  await expect(ausgewählt).toBeInViewport({ ratio: 0.95 });
});

/**
 * How much darker than the page the outermost pixels of a tab list's left and right edges are, as
 * drawn: the mean over the edge's four outer columns and the list's middle rows (away from the
 * rule under the tabs), 0 for the page's own colour. Decoded in the page, which has a canvas.
 */
const edgeShades = async (page: Page, list: ReturnType<Page['getByRole']>) => {
  const png = (await list.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const body = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number);
    const shade = (from: number) => {
      const rows = { top: Math.floor(image.height * 0.25), bottom: Math.floor(image.height * 0.75) };
      const pixels = context.getImageData(from, rows.top, 4, rows.bottom - rows.top).data;
      let sum = 0;
      for (let at = 0; at < pixels.length; at += 4)
        sum += (body[0]! - pixels[at]! + body[1]! - pixels[at + 1]! + body[2]! - pixels[at + 2]!) / 3;
      return sum / (pixels.length / 4);
    };
    return { left: shade(0), right: shade(image.width - 4) };
  }, png);
};

test('on a phone a tab list shows a shadow on each edge that has more tabs past it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loggedIn(page, 'admin', { from: '/manage/adminPanel' });
  // The first sections fit, and the last of them ends just short of the edge, so nothing but the
  // shadow tells that more follow.
  const list = page.getByRole('tablist', { name: 'Sections of the admin panel' });
  await expect(list.getByRole('tab', { name: 'Resource types', selected: true })).toBeInViewport();
  const atStart = await edgeShades(page, list);
  expect(atStart.left).toBeLessThan(1);
  expect(atStart.right).toBeGreaterThan(10);

  await list.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect(list.getByRole('tab').last()).toBeInViewport({ ratio: 1 });
  const atEnd = await edgeShades(page, list);
  expect(atEnd.left).toBeGreaterThan(10);
  expect(atEnd.right).toBeLessThan(1);
});

test('on a phone the menu opens from the burger with the keyboard, closes with Escape and after a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio' });
  const burger = page.getByRole('button', { name: 'Open the menu' });
  await expect(burger).toBeVisible();
  // The desktop's menu buttons are not shown beside it.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Service Portfolio' }),
  ).toBeHidden();

  await burger.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: 'Service Portfolio', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(burger).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await drawer.getByRole('link', { name: 'Service Integration List' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sc\/service-integration-list$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Service Integration List' })).toBeVisible();
  // The list's rows are cards, and the page does not scroll sideways.
  await expect(page.getByRole('list', { name: /Service Integration List|Services/ }).first()).toBeVisible();
  const wider = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(wider).toBe(false);
});

test('dark mode follows the system until the switch is pressed, and the choice stays after a reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  const html = page.locator('html');
  const toggle = page.getByRole('button', { name: 'Dark mode' });
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

  await page.getByRole('button', { name: 'Dark mode' }).focus();
  await page.keyboard.press('Enter');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
  await context.close();
});

test('a list without a mouse: skip link, filters, into the rows with Tab, along them with the arrows, open with Enter', async ({
  page,
}) => {
  await loggedIn(page, 'paula', { from: '/sc/service-portfolio?tab=catalogue' });
  await expect(page.getByRole('table')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // Tab passes the tabs and the filter bar (each field once) and lands in the table's body.
  const inBody = () => page.evaluate(() => document.activeElement?.closest('tbody') !== null);
  const passed: string[] = [];
  for (let step = 0; step < 25 && !(await inBody()); step += 1) {
    await page.keyboard.press('Tab');
    passed.push(
      await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '',
      ),
    );
  }
  expect(await inBody(), `Tab reaches the rows, passing: ${passed.join(' | ')}`).toBe(true);
  expect(passed).toContain('Export CSV');
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('tbody [data-grid-row="1"]:focus')).toHaveCount(1);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sc\/service\/[0-9a-f-]+/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

const FIELDS_TO_FIX = { en: 'These fields need attention', de: 'Diese Felder brauchen Ihre Aufmerksamkeit' };
const SUBMIT = { en: 'Submit service information', de: 'Serviceinformationen einreichen' };
const NEXT_STEPS = { en: 'Next steps', de: 'Nächste Schritte' };

/**
 * The same refused step in English, then in German on a fresh load of the same page: a test per
 * language before, each a context, a page load and the way to alice's draft (docs/testing.md).
 */
test('on a phone the fields a refused step lists fit the screen, in English and in German', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await loggedInState(browser, 'alice'),
  });
  // English until the test stores German: each language is the one of a page's first render.
  await context.addInitScript(() => {
    if (!window.localStorage.getItem('lang')) window.localStorage.setItem('lang', 'en');
  });
  const page = await context.newPage();
  // alice's draft whose service information still misses answers (the demo data leaves them open).
  await page.goto('/sc/my-services');
  await page.getByRole('link', { name: 'Scientific Workflow Service' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scientific Workflow Service' })).toBeVisible();
  const status = `${page.url().replace(/\?.*$/, '')}?tab=status`;
  for (const language of ['en', 'de'] as const) {
    await page.evaluate((lang) => window.localStorage.setItem('lang', lang), language);
    await page.goto(status);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page
      .getByRole('group', { name: NEXT_STEPS[language] })
      .getByRole('button', { name: SUBMIT[language], exact: true })
      .click();
    const toFix = page.getByRole('alert').filter({ hasText: FIELDS_TO_FIX[language] });
    const links = toFix.getByRole('listitem').getByRole('button');
    await expect(links.first()).toBeVisible();
    // Every link ends inside the screen: a long (German) message wraps rather than running off it.
    const screenWidth = await page.evaluate(() => document.documentElement.clientWidth);
    const rights = await links.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().right));
    expect(rights.length, language).toBeGreaterThan(1);
    for (const right of rights) expect(right, language).toBeLessThanOrEqual(screenWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), language).toBeLessThanOrEqual(screenWidth);
    await expectAccessible(page);
    // Each link takes the person to its field on the service information tab: focused, on the screen.
    for (const link of await links.all()) {
      await link.click();
      const focused = page.locator(':focus');
      await expect(focused).toHaveAttribute('id', /^service-field-/);
      await expect(focused).toBeInViewport();
    }
  }
  await context.close();
});

test('on a phone the public portfolio shows its results first: the search, then "Filters (n)" that opens the filters', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/sc/public-service-portfolio?provider=HPC%20Centre%20North');
  const search = page.getByRole('search');
  await expect(search.getByRole('searchbox', { name: 'Search' })).toBeVisible();
  const toggle = search.getByRole('button', { name: 'Filters (1)' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const provider = page.getByRole('combobox', { name: 'Provider' });
  await expect(provider).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();
  // The first results are in the first screen, under the search and the button.
  const firstService = page.locator('main a[href^="/sc/public-service-portfolio/"]').first();
  await expect(firstService).toBeInViewport();
  await expectAccessible(page);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(provider).toBeVisible();
  await expect(provider).toHaveValue('HPC Centre North');
  await provider.selectOption({ label: 'All providers' });
  await expect(search.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();
  await expectAccessible(page);

  // On a desktop the filters stand in the row, without the button.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await expect(search.getByRole('button')).toHaveCount(0);
  await context.close();
});

test('on a German phone a card list’s sort select shows its whole choice, under its label when it is long', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState: await loggedInState(browser, 'paula'),
  });
  await context.addInitScript(() => window.localStorage.setItem('lang', 'de'));
  const page = await context.newPage();
  // The application tab sorts by the last change, newest first: "Zuletzt bearbeitet, absteigend".
  await page.goto('/sc/service-portfolio');
  const sort = page.getByRole('combobox', { name: 'Sortieren nach' });
  await expect(sort).toHaveValue(/:desc$/);
  // As wide as the select would be with room to spare: nothing of the chosen text is cut.
  const { shown, natural } = await sort.evaluate((select: HTMLSelectElement) => {
    const free = select.cloneNode(true) as HTMLSelectElement;
    free.value = select.value;
    Object.assign(free.style, { position: 'absolute', maxWidth: 'none', minWidth: '0', width: 'auto' });
    // Beside it, so the same rules draw it.
    select.parentElement!.append(free);
    const natural = free.getBoundingClientRect().width;
    free.remove();
    return { shown: select.getBoundingClientRect().width, natural };
  });
  expect(shown).toBeGreaterThanOrEqual(natural - 0.5);
  const screenWidth = await page.evaluate(() => document.documentElement.clientWidth);
  expect((await sort.boundingBox())!.x + shown).toBeLessThanOrEqual(screenWidth);
  await context.close();
});
