import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Webhook, WebhookDelivery } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../i18n/i18n';
import { apiError, fakeApi, reply, writesOf } from '../../../test/fakeApi';
import { PEOPLE, renderApp } from '../../../test/renderApp';

const hook: Webhook = {
  id: '44444444-4444-4444-8444-444444444444',
  url: 'https://ops.example/hooks/nubes',
  eventTypes: ['service.created', 'vo.approved'],
  active: true,
  description: 'Operations dashboard',
  createdAt: '2026-12-01T10:00:00.000Z',
  secretRotatedAt: '2026-12-01T10:00:00.000Z',
  version: 2,
};
const delivery: WebhookDelivery = {
  id: '55555555-5555-4555-8555-555555555555',
  eventId: '66666666-6666-4666-8666-666666666666',
  eventType: 'service.created',
  state: 'failed',
  tries: 8,
  lastStatus: 500,
  lastError: 'HTTP 500',
  createdAt: '2026-12-01T10:00:00.000Z',
  lastAttemptAt: '2026-12-01T11:00:00.000Z',
  deliveredAt: null,
  version: 9,
};

describe('admin panel: webhooks', () => {
  it('registers a webhook with the server’s word on a refused address, shows its secret once, and redelivers from the log', async () => {
    let refused = true;
    const calls = fakeApi({
      'GET /api/webhooks': () => ({ items: [hook] }),
      'POST /api/webhooks': () =>
        refused
          ? apiError(400, 'invalid_input', 'Some fields are not valid.', {
              url: 'This address leads to a loopback, link-local or private network, which the portal does not deliver to',
            })
          : reply(201, { ...hook, id: crypto.randomUUID(), url: 'https://new.example/h', secret: 'whsec_c2VjcmV0' }),
      [`GET /api/webhooks/${hook.id}/deliveries`]: () => ({ items: [delivery] }),
      [`POST /api/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`]: () =>
        reply(200, { ...delivery, state: 'pending', tries: 0, version: 10 }),
    });
    renderApp({ path: '/manage/adminPanel?tab=webhooks', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Webhook endpoints/ });
    expect(within(table).getByText('Operations dashboard')).toBeInTheDocument();
    expect(within(table).getByText('Service created, VO approved')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Register a webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a webhook' });
    const url = within(dialog).getByRole('textbox', { name: /^URL/ });
    fireEvent.change(url, { target: { value: 'ftp://x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Enter an http or https address without user name or password'),
    ).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);
    fireEvent.change(url, { target: { value: 'http://10.0.0.1/h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/leads to a loopback, link-local or private network/)).toBeInTheDocument();
    refused = false;
    fireEvent.change(url, { target: { value: 'https://new.example/h' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secret = await screen.findByRole('dialog', { name: 'The webhook’s secret' });
    expect(within(secret).getByText('whsec_c2VjcmV0')).toBeInTheDocument();
    expect(writesOf(calls).at(-1)!.body).toMatchObject({ url: 'https://new.example/h', active: true });
    fireEvent.click(within(secret).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('whsec_c2VjcmV0')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: `Deliveries of the webhook ${hook.url}` }));
    const log = await screen.findByRole('dialog', { name: `Deliveries to ${hook.url}` });
    expect(await within(log).findByText('HTTP 500')).toBeInTheDocument();
    fireEvent.click(within(log).getByRole('button', { name: 'Redeliver the event Service created' }));
    await waitFor(() =>
      expect(writesOf(calls).at(-1)).toMatchObject({
        method: 'POST',
        path: `/api/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`,
        body: { version: 9 },
      }),
    );
  });

  it('offers the downtimes’ event types and registers an endpoint for some of them', async () => {
    const calls = fakeApi({
      'GET /api/webhooks': () => ({
        items: [{ ...hook, eventTypes: ['downtime.announced', 'downtime.changed'], description: 'Status page' }],
      }),
      'POST /api/webhooks': () =>
        reply(201, { ...hook, id: crypto.randomUUID(), url: 'https://status.example/h', secret: 'whsec_c2VjcmV0' }),
    });
    renderApp({ path: '/manage/adminPanel?tab=webhooks', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Webhook endpoints/ });
    expect(within(table).getByText('Downtime announced, Downtime changed')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Register a webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a webhook' });
    for (const name of [
      'Downtime announced',
      'Downtime started',
      'Downtime ended',
      'Downtime changed',
      'Downtime cancelled',
    ])
      expect(within(dialog).getByRole('checkbox', { name })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Downtime started' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^URL/ }), {
      target: { value: 'https://status.example/h' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'The webhook’s secret' });
    const sent = writesOf(calls).at(-1)!.body as { eventTypes: string[] };
    expect(sent.eventTypes).toContain('downtime.cancelled');
    expect(sent.eventTypes).not.toContain('downtime.started');
  });

  it('names the downtimes’ event types in German', async () => {
    fakeApi({
      'GET /api/webhooks': () => ({
        items: [{ ...hook, eventTypes: ['downtime.started', 'downtime.ended', 'downtime.cancelled'] }],
      }),
    });
    renderApp({ path: '/manage/adminPanel?tab=webhooks', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Webhook endpoints/ });
    await act(() => changeLanguage('de'));
    try {
      expect(
        await within(table).findByText('Ausfallzeit begonnen, Ausfallzeit beendet, Ausfallzeit abgesagt'),
      ).toBeInTheDocument();
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
