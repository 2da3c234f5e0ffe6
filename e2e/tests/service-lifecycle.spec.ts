import { formatDate } from '@nubes/domain';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { LONG_WALK } from '../long-walk.js';
import { loggedIn } from '../login.js';
import { completeRetirementPlanThroughApi, serviceThroughApi } from '../service-api.js';
import {
  as,
  closeNotifications,
  expectNotification,
  goToInformationPage,
  informationPage,
  nextSteps,
  openTab,
  runAction,
} from '../services.js';

/**
 * The whole life of one new service, each person in a browser of their own: alice
 * applies and writes the service information (through the API: service-screens.spec.ts walks those
 * screens), paula (portfolio manager) plans, edits where needed,
 * brings it online and retires it, ivan (integration manager) takes it through integration, and a
 * visitor without login sees it on the public portfolio. The shared e2e server holds demo data and
 * other specs' services, so this one is always found by its unique name.
 */

const RUN = Date.now().toString(36);
const NAME = `Lifecycle Archive ${RUN}`;
const KEYWORD = `lifecycle-${RUN}`;
/** alice's centre, the provider of what she applies for. */
const PROVIDER = 'HPC Centre North';

/** Today as the portal writes dates (the domain's formatter: German, Berlin time). */
const today = () => formatDate(new Date());

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The service's Manage status tab, freshly loaded (someone else may have moved the service on). */
const openStatus = async (page: Page, id: string) => {
  await page.goto(`/sc/service/${id}?tab=status`);
  await expect(page.getByRole('tab', { name: 'Manage status', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expectAccessible(page);
};

/** A workflow action that the domain's validation refuses, and the fields it lists to fix. */
const expectRefused = async (page: Page, action: string, message: string, fields: string[]) => {
  await nextSteps(page).getByRole('button', { name: action, exact: true }).click();
  await expectNotification(page, message, 'Validation not passed');
  const toFix = page.getByRole('alert').filter({ hasText: 'These fields need attention' });
  await expect(toFix.getByRole('listitem')).toHaveText(fields.map((field) => new RegExp(`^${escape(field)}: `)));
  await expectAccessible(page);
  return toFix;
};

/** The public portfolio as a visitor without login sees it, in a browser of its own. */
const publicRow = async (browser: Browser, section: 'Current services' | 'Past services') => {
  const visitor = await (await browser.newContext()).newPage();
  await visit(visitor, '/sc/public-service-portfolio');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Public Service Portfolio' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  const row = visitor
    .getByRole('region', { name: section })
    .getByRole('row')
    // The name cell holds the name (a link to the service's page) and its short description.
    .filter({ has: visitor.getByRole('link', { name: NAME, exact: true }) });
  await expect(row).toHaveCount(1);
  return { visitor, cells: row.getByRole('cell') };
};

test('a new service from application to retirement, person by person', LONG_WALK, async ({ page: paula, browser }) => {
  test.setTimeout(360_000);

  // --- 1.–3. alice applies, paula plans it, alice writes the service information and submits it ---
  // Through the API: service-screens.spec.ts walks these screens, the same steps by the same people.
  const id = await serviceThroughApi(browser, {
    owner: 'alice',
    name: NAME,
    keyword: KEYWORD,
    filledFor: 'serviceInformation',
    steps: [
      ['alice', 'completeApplication'],
      ['paula', 'planService'],
      ['alice', 'backToServiceInformationDraft'],
      ['alice', 'submitServiceInformation'],
    ],
  });
  await loggedIn(paula, 'paula', { from: `/sc/service/${id}?tab=status` });

  // --- 4. paula releases it for integration, ivan integrates it ------------------------------------
  await openStatus(paula, id);
  await runAction(paula, 'Ready for integration', 'Ready for Integration');
  const ivan = await as(browser, 'ivan', `/sc/service/${id}?tab=status`);
  await openStatus(ivan, id);
  await runAction(ivan, 'Integration planned', 'Integration Planned');
  await runAction(ivan, 'Integration in progress', 'Integration in Progress');

  // The service card needs its own fields; ivan may read them but not fill them in.
  const cardFields = await expectRefused(ivan, 'Service card review', 'Cannot change to Service Card Review', [
    'Access URL',
    'Documentation',
    'First response',
  ]);
  await cardFields.getByRole('button', { name: /^Access URL/ }).click();
  // ivan reads the information on one page: the link scrolls to the field's section.
  await expect(ivan.getByRole('heading', { level: 2, name: 'How to access', exact: true })).toBeInViewport();
  await expect(ivan.getByText('you cannot edit it in the current status')).toBeVisible();
  await expect(ivan.getByRole('textbox', { name: /Access URL/ })).toHaveCount(0);
  await expectAccessible(ivan);

  // paula edits everywhere: she fills the service card's fields.
  await paula.goto(`/sc/service/${id}?tab=information&page=how_access`);
  await expect(informationPage(paula, 'How to access')).toBeVisible();
  await paula.getByRole('textbox', { name: /Access URL/ }).fill('https://archive.hpc-north.example');
  await goToInformationPage(paula, 'Sidebar information');
  await paula.getByRole('textbox', { name: /^Documentation/ }).fill('https://docs.hpc-north.example/archive');
  await goToInformationPage(paula, 'Service quality');
  await paula.getByRole('combobox', { name: /First response/ }).selectOption({ label: 'Within one business day' });
  await expectAccessible(paula);
  await paula.getByRole('button', { name: 'Save' }).click();
  await expectNotification(paula, 'Service updated');
  await closeNotifications(paula);

  await openStatus(ivan, id);
  await runAction(ivan, 'Service card review', 'Service Card Review');
  await runAction(ivan, 'Integration completed', 'Integration Completed');

  // --- 5. paula brings it online, once the legal texts are there ------------------------------------
  await openStatus(paula, id);
  const legalFields = await expectRefused(paula, 'Online', 'Cannot bring Service Online', [
    'Privacy policy',
    'Terms of use',
  ]);
  await closeNotifications(paula);
  await legalFields.getByRole('button', { name: /^Privacy policy/ }).click();
  await expect(informationPage(paula, 'Compliance and security')).toBeVisible();
  // The link lands on the field itself.
  await expect(paula.getByRole('textbox', { name: /Privacy policy/ })).toBeFocused();
  await paula.getByRole('textbox', { name: /Privacy policy/ }).fill('https://www.hpc-north.example/privacy');
  await goToInformationPage(paula, 'Other');
  await paula.getByRole('textbox', { name: /Terms of use/ }).fill('https://www.hpc-north.example/terms');
  await paula.getByRole('button', { name: 'Save' }).click();
  await expectNotification(paula, 'Service updated');
  await closeNotifications(paula);
  await openTab(paula, 'Manage status');
  const onlineDays = new Set([today()]);
  await runAction(paula, 'Online', 'Service Online', 'the public portfolio lists it from now on');
  onlineDays.add(today());
  const onlineSince = new RegExp(`^(${[...onlineDays].map(escape).join('|')})$`);

  // --- 6. a visitor without login finds it on the public portfolio ----------------------------------
  const online = await publicRow(browser, 'Current services');
  await expect(online.cells).toHaveText([new RegExp(`^${escape(NAME)}`), PROVIDER, onlineSince, 'Service Online']);
  await expect(online.cells.nth(2)).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4}$/);
  await online.visitor.context().close();

  // --- 7. paula discontinues and retires it ---------------------------------------------------------
  await nextSteps(paula).getByRole('button', { name: 'Discontinue', exact: true }).click();
  const discontinue = paula.getByRole('dialog', { name: 'Discontinue' });
  await expect(discontinue).toContainText('Do you really want to discontinue the service?');
  await discontinue.getByRole('button', { name: 'Discontinue' }).click();
  await expectNotification(paula, 'Status changed', 'The new status is Service Discontinued.');
  await expect(discontinue).toBeHidden();
  await closeNotifications(paula);
  // Retiring needs a complete retirement plan; its screen is retirement-plan.spec.ts's walk.
  await completeRetirementPlanThroughApi(browser, 'paula', id);
  await paula.reload();
  await nextSteps(paula).getByRole('button', { name: 'Retire', exact: true }).click();
  const confirm = paula.getByRole('dialog', { name: 'Retire' });
  await expect(confirm).toContainText('Do you really want to retire the service? There is no way back.');
  await expectAccessible(paula);
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expectNotification(paula, 'Status changed', 'The new status is Service Retired.');
  await expect(confirm).toBeHidden();
  await expect(paula.getByText('There is no status change you can make now.')).toBeVisible();
  await closeNotifications(paula);

  const retired = await publicRow(browser, 'Past services');
  const period = onlineSince.source.slice(1, -1);
  await expect(retired.cells).toHaveText([
    new RegExp(`^${escape(NAME)}`),
    PROVIDER,
    new RegExp(`^${period} – ${period}$`),
    'Service Retired',
  ]);
  await expect(
    retired.visitor.getByRole('region', { name: 'Current services' }).getByRole('link', { name: NAME, exact: true }),
  ).toHaveCount(0);
  await retired.visitor.context().close();

  // --- 8. the history tab shows every step, newest first ---------------------------------------------
  await openTab(paula, 'History');
  const steps: Array<[string, string, string]> = [
    ['Alice Adler', 'Application Draft', 'Application Received'],
    ['Paula Peters', 'Application Received', 'Service Planned'],
    ['Alice Adler', 'Service Planned', 'Service Information Draft'],
    ['Alice Adler', 'Service Information Draft', 'Service Information Received'],
    ['Paula Peters', 'Service Information Received', 'Ready for Integration'],
    ['Ivan Ivanov', 'Ready for Integration', 'Integration Planned'],
    ['Ivan Ivanov', 'Integration Planned', 'Integration in Progress'],
    ['Ivan Ivanov', 'Integration in Progress', 'Service Card Review'],
    ['Ivan Ivanov', 'Service Card Review', 'Integration Completed'],
    ['Paula Peters', 'Integration Completed', 'Service Online'],
    ['Paula Peters', 'Service Online', 'Service Discontinued'],
    ['Paula Peters', 'Service Discontinued', 'Service Retired'],
  ];
  const newestFirst = steps.toReversed();
  const history = paula.getByRole('tabpanel').getByRole('table');
  const statusRows = history.getByRole('row').filter({ hasText: 'Status changed' });
  await expect(statusRows).toHaveText(
    newestFirst.map(([, from, to]) => new RegExp(`Status:\\s*${escape(from)} → ${escape(to)}`)),
  );
  for (const [index, [actor]] of newestFirst.entries()) {
    await expect(statusRows.nth(index).getByRole('cell').nth(1)).toHaveText(actor);
  }
  await expect(history.getByRole('row').filter({ hasText: 'Service created' })).toContainText('Alice Adler');

  await ivan.context().close();
});
