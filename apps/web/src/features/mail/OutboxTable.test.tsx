import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OutboxEntry } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, writesOf } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';

const mail = (overrides: Partial<OutboxEntry>): OutboxEntry => ({
  id: crypto.randomUUID(),
  kind: 'workflowStep',
  to: 'paula@nubes-office.example',
  subject: '[Nubes] Storage: Application Received',
  state: 'sent',
  tries: 1,
  lastError: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  sentAt: '2026-03-01T09:31:00.000Z',
  version: 3,
  ...overrides,
});

describe('the outbox: retry and discard', () => {
  it('sends a failed mail again and discards a waiting one after asking, each with the version read', async () => {
    const failed = mail({ to: 'bob@x.example', state: 'failed', tries: 8, lastError: '550 unknown user' });
    const waiting = mail({ to: 'carla@x.example', state: 'pending', tries: 0, sentAt: null, version: 1 });
    const calls = fakeApi({
      'GET /api/mail/outbox': () => ({ items: [mail({}), failed, waiting], total: 3 }),
      [`POST /api/mail/outbox/${failed.id}/retry`]: () => ({ ...failed, state: 'pending', tries: 0, version: 4 }),
      [`POST /api/mail/outbox/${waiting.id}/discard`]: () => ({ ...waiting, state: 'discarded', version: 2 }),
    });
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Mail outbox/ });
    const sentRow = within(table).getByRole('rowheader', { name: 'paula@nubes-office.example' }).closest('tr')!;
    expect(within(sentRow).queryByRole('button')).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Send again: the mail to bob@x.example' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]).toMatchObject({ path: `/api/mail/outbox/${failed.id}/retry`, body: { version: 3 } });

    fireEvent.click(within(table).getByRole('button', { name: 'Discard the mail to carla@x.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this mail?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(writesOf(calls)[1]).toMatchObject({ path: `/api/mail/outbox/${waiting.id}/discard`, body: { version: 1 } });
  });

  it('says why when the mail changed meanwhile', async () => {
    const failed = mail({ state: 'failed' });
    fakeApi({
      'GET /api/mail/outbox': () => ({ items: [failed], total: 1 }),
      [`POST /api/mail/outbox/${failed.id}/retry`]: () =>
        apiError(409, 'conflict', 'Only a failed or discarded mail can be sent again.'),
    });
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: /^Send again: the mail to / }));
    expect(await screen.findByText('Only a failed or discarded mail can be sent again.')).toBeInTheDocument();
  });
});
