import { expect, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { serviceThroughApi, webhookThroughApi } from '../service-api.js';
import { as, closeNotifications, expectNotification } from '../services.js';
import { signatureOf, startReceiver } from '../webhook-receiver.js';

/**
 * A personal API token from creation to revocation (docs/adr/0113-personal-api-tokens.md): alice
 * creates one in her profile, her script reads her service and proposes a change with it as
 * docs/api.md shows, paula applies the change on screen, the script reads the new value, and the
 * portal manager sees the token's last use and revokes it, after which it gets 401. The event feed
 * read with the token and a webhook's receiver both see the applied change (ADR 0120). The service
 * and the webhook come through the API (service-api.ts); the screens of the token and of applying
 * are walked.
 */

/** An event as the feed and a webhook's body carry it. */
interface FeedEvent {
  type: string;
  object: { id: string };
  changes: Record<string, { old: unknown; new: unknown }>;
}

const RUN = Date.now().toString(36);
const NAME = `Token Walk Storage ${RUN}`;
const TOKEN_NAME = `walk script ${RUN}`;
const PROPOSED = `Object storage proposed by a script, run ${RUN}.`;

test('alice’s token reads and proposes, paula applies, the feed and a webhook see it, the admin revokes the token', async ({
  page: alice,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const id = await serviceThroughApi(browser, {
    owner: 'alice',
    name: NAME,
    keyword: `token-walk-${RUN}`,
    filledFor: 'serviceInformation',
    steps: [
      ['alice', 'completeApplication'],
      ['paula', 'planService'],
      ['alice', 'backToServiceInformationDraft'],
      ['alice', 'submitServiceInformation'],
    ],
  });

  const receiver = await startReceiver();
  const webhook = await webhookThroughApi(browser, receiver.url, ['service.changed']);

  // --- alice creates a token; it is shown once ------------------------------------------------------
  await loggedIn(alice, 'alice', { from: '/profile/api-tokens' });
  await alice.getByRole('button', { name: 'Create token' }).click();
  const form = alice.getByRole('dialog', { name: 'Create an API token' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(TOKEN_NAME);
  await form.getByRole('combobox', { name: 'Expires in' }).selectOption({ label: '30 days' });
  await expect(form.getByRole('checkbox', { name: /services:read/ })).toBeChecked();
  await form.getByRole('checkbox', { name: /services:write/ }).check();
  await form.getByRole('checkbox', { name: /events:read/ }).check();
  await form.getByRole('button', { name: 'Create token' }).click();
  const notice = alice.getByRole('dialog', { name: 'Your new API token' });
  await expect(notice).toContainText('It is shown only this once');
  const token = (await notice.getByTestId('new-api-token').textContent())!.trim();
  expect(token).toMatch(/^nubes_pat_/);
  await notice.getByRole('button', { name: 'Done' }).last().click();
  await expect(alice.getByRole('row', { name: new RegExp(TOKEN_NAME) })).toContainText(`${token.slice(0, 16)}…`);

  // --- her script reads the service and proposes a change, as docs/api.md shows ---------------------
  const auth = { authorization: `Bearer ${token}` };
  const read = await request.get(`/api/services/${id}`, { headers: auth });
  expect(read.status()).toBe(200);
  expect(((await read.json()) as { name: string }).name).toBe(NAME);
  const started = await request.post(`/api/services/${id}/change-requests`, {
    headers: auth,
    data: { fields: { shortDescription: PROPOSED } },
  });
  expect(started.status(), await started.text()).toBe(201);
  const draft = (await started.json()) as { id: string; version: number };
  const handedIn = await request.post(`/api/change-requests/${draft.id}/hand-in`, {
    headers: auth,
    data: { version: draft.version },
  });
  expect(handedIn.status(), await handedIn.text()).toBe(200);

  // --- paula applies it on screen ------------------------------------------------------------------------
  const paula = await as(browser, 'paula', '/sc/change-request-list');
  await paula.getByRole('searchbox', { name: 'Search by service or author' }).fill(NAME);
  const row = paula.getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Open/ }).click();
  const dialog = paula.getByRole('dialog', { name: `Change request for ${NAME}` });
  await dialog
    .getByRole('group', { name: 'Decision: Short description' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await dialog.getByRole('button', { name: 'Release' }).click();
  await paula
    .getByRole('dialog', { name: `Release the change request for ${NAME}?` })
    .getByRole('button', { name: 'Release' })
    .click();
  await expect(dialog.getByText('Released', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await paula
    .getByRole('dialog', { name: `Apply the change request to ${NAME}?` })
    .getByRole('button', { name: 'Apply' })
    .click();
  await expectNotification(paula, 'Change request applied');
  await paula.context().close();

  // --- the script reads the new value ---------------------------------------------------------------
  const after = await request.get(`/api/services/${id}`, { headers: auth });
  const service = (await after.json()) as { serviceId: string; fields: Record<string, unknown> };
  expect(service.fields.shortDescription).toBe(PROPOSED);

  // --- the feed, read with the token, and the webhook's receiver both have the change ------------------
  const isTheChange = (event: FeedEvent) =>
    event.type === 'service.changed' &&
    event.object.id === service.serviceId &&
    event.changes.shortDescription?.new === PROPOSED;
  const inFeed = async () => {
    let cursor = '';
    for (;;) {
      const answer = await request.get(`/api/events?limit=200${cursor ? `&after=${cursor}` : ''}`, { headers: auth });
      expect(answer.status()).toBe(200);
      const page = (await answer.json()) as { items: FeedEvent[]; nextCursor: string };
      if (page.items.some(isTheChange)) return true;
      if (page.items.length === 0) return false;
      cursor = encodeURIComponent(page.nextCursor);
    }
  };
  expect(await inFeed()).toBe(true);
  await expect
    .poll(() =>
      receiver.received.some((message) => isTheChange((JSON.parse(message.body) as { data: FeedEvent }).data)),
    )
    .toBe(true);
  const delivered = receiver.received.find((message) => message.body.includes(PROPOSED))!;
  expect(delivered.signature).toBe(signatureOf(webhook.secret, delivered));
  await webhook.stop();
  await receiver.close();

  // --- the portal manager sees the token's last use and revokes it ------------------------------------
  const admin = await as(browser, 'admin', '/manage/adminPanel?tab=apiTokens');
  const tokens = admin.getByRole('table', { name: /^Every API token/ });
  const tokenRow = tokens.getByRole('row', { name: new RegExp(TOKEN_NAME) });
  await expect(tokenRow).toContainText('Alice');
  await expect(tokenRow).toContainText('services:write');
  await expect(tokenRow).toContainText('Active');
  await expect(tokenRow).not.toContainText('Never');
  await tokenRow.getByRole('button', { name: `Revoke the token ${TOKEN_NAME} of alice` }).click();
  await admin.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click();
  await expectNotification(admin, 'Revoke', 'The token was revoked.');
  await closeNotifications(admin);
  await expect(tokenRow).toContainText('Revoked');

  const refused = await request.get(`/api/services/${id}`, { headers: auth });
  expect(refused.status()).toBe(401);
});
