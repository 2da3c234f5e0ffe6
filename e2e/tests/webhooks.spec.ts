import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@nubes/domain';
import { expect, expectAccessible, test } from '../fixtures.js';
import { loggedIn } from '../login.js';
import { signatureOf, startReceiver } from '../webhook-receiver.js';

test('the portal manager registers a webhook, sees its secret once, and its receiver gets a signed delivery it can have again', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await loggedIn(page, 'admin', { from: '/manage/adminPanel?tab=webhooks' });
    await page.getByRole('button', { name: 'Register a webhook' }).click();
    const form = page.getByRole('dialog', { name: 'Register a webhook' });
    await form.getByRole('textbox', { name: /^URL/ }).fill(receiver.url);
    await form.getByRole('textbox', { name: /^Description/ }).fill('Walk receiver');
    await form.getByRole('button', { name: 'Save' }).click();

    const notice = page.getByRole('dialog', { name: 'The webhook’s secret' });
    const secret = (await notice.getByTestId('webhook-secret').innerText()).trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    await expectAccessible(page);
    await notice.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    // The change itself is another walk's: here it comes through the API.
    const name = `Webhook walk ${Date.now()}`;
    const created = await page.request.post('/api/services', {
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
      data: { name },
    });
    expect(created.status()).toBe(201);
    await expect.poll(() => receiver.received.find((message) => message.body.includes(name))).toBeTruthy();
    const delivered = receiver.received.find((message) => message.body.includes(name))!;
    expect(delivered.signature).toBe(signatureOf(secret, delivered));
    expect(JSON.parse(delivered.body)).toMatchObject({ type: 'service.created', data: { id: delivered.id } });

    const row = page.getByRole('row', { name: new RegExp(receiver.url.replace(/[/.]/g, '\\$&')) });
    await row.getByRole('button', { name: `Deliveries of the webhook ${receiver.url}` }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    const delivery = log.getByRole('row').filter({ hasText: delivered.id });
    await expect(delivery).toContainText('Delivered');
    await expect(delivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expectAccessible(page);
    await delivery.getByRole('button', { name: 'Redeliver the event Service created' }).click();
    await expect.poll(() => receiver.received.filter((message) => message.id === delivered.id).length).toBe(2);
    await expect(delivery).toContainText('Delivered');
  } finally {
    // Nothing more to this receiver once it is gone: the webhook goes inactive.
    const hooks = (await (await page.request.get('/api/webhooks')).json()) as {
      items: { id: string; url: string; eventTypes: string[]; description: string; version: number }[];
    };
    const mine = hooks.items.find((hook) => hook.url === receiver.url);
    if (mine)
      await page.request.put(`/api/webhooks/${mine.id}`, {
        headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
        data: {
          url: mine.url,
          eventTypes: mine.eventTypes,
          active: false,
          description: mine.description,
          version: mine.version,
        },
      });
    await receiver.close();
  }
});
