import { expect, expectAccessible, test, visit } from '../fixtures.js';
import { loggedIn } from '../login.js';
import {
  as,
  closeNotifications,
  completeApplication,
  createApplication,
  expectNotification,
  fillApplication,
  nextSteps,
} from '../services.js';

/**
 * The service header as a portfolio manager works with it: paula opens a service from a filtered
 * list, reads where it is on its way to online, takes the next step right in the header, and goes
 * back by the breadcrumb to the same rows.
 */

const RUN = Date.now().toString(36);
const NAME = `Header Probe ${RUN}`;

test('paula opens a service from a filtered list, acts from the header and goes back to the same filters', async ({
  page: alice,
  browser,
}) => {
  test.setTimeout(240_000);
  await loggedIn(alice, 'alice', { from: '/sc/service-application' });
  const id = await createApplication(alice, NAME);
  await fillApplication(alice);
  await completeApplication(alice, id, NAME);

  const list = `/sc/service-portfolio?tab=application&q=${encodeURIComponent(NAME)}&sort=name&order=asc`;
  const paula = await as(browser, 'paula', list);
  await visit(paula, list);
  await paula.getByRole('main').getByRole('link', { name: NAME, exact: true }).click();
  await expect(paula.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

  // Where the service is: the first milestone, with its state named.
  const progress = paula.getByRole('list', { name: 'Progress from application to online' });
  await expect(progress.locator('[aria-current="step"]')).toContainText('Application');
  await expect(progress.locator('[aria-current="step"]')).toContainText('Application Received');
  await expectAccessible(paula);

  // The next steps are the header's buttons, on every tab.
  await paula.getByRole('tab', { name: 'History' }).click();
  await expect(nextSteps(paula).getByRole('button')).toHaveText(
    ['Withdraw application', 'Back to draft', 'Plan service'],
    { useInnerText: true },
  );
  await nextSteps(paula).getByRole('button', { name: 'Plan service', exact: true }).click();
  await expectNotification(paula, 'Status changed', 'The new status is Service Planned.');
  await closeNotifications(paula);
  await expect(progress.locator('[aria-current="step"]')).toContainText('Planned');
  await expect(progress.getByRole('listitem').first()).toContainText('(done)');
  // The history names her, not her login.
  await expect(
    paula.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Application Received → Service Planned' }),
  ).toContainText('Paula Peters');
  await expectAccessible(paula);

  // Back by the breadcrumb: the list with its tab, search and sort as she left it.
  const breadcrumb = paula.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByText(NAME)).toHaveAttribute('aria-current', 'page');
  await breadcrumb.getByRole('link', { name: 'Service Portfolio' }).click();
  await expect(paula).toHaveURL(list);
  await expect(paula.getByRole('tab', { name: 'Application', selected: true })).toBeVisible();
  await expect(paula.getByRole('searchbox', { name: 'Search' })).toHaveValue(NAME);
  await expectAccessible(paula);
  await paula.context().close();
});
