import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, streamPage, writesOf } from '../../test/fakeApi';
import { outboxMail } from '../../test/mail';
import { PEOPLE, renderApp } from '../../test/renderApp';

describe('the outbox: retry and discard', () => {
  it('sends a failed mail again and discards a waiting one after asking, each with the version read', async () => {
    const failed = outboxMail({ to: 'bob@x.example', state: 'failed', tries: 8, lastError: '550 unknown user' });
    const waiting = outboxMail({ to: 'carla@x.example', state: 'pending', tries: 0, sentAt: null, version: 1 });
    const calls = fakeApi({
      'GET /api/mail/outbox': () => streamPage([outboxMail({}), failed, waiting], null, { total: 3 }),
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
    const failed = outboxMail({ state: 'failed' });
    fakeApi({
      'GET /api/mail/outbox': () => streamPage([failed], null, { total: 1 }),
      [`POST /api/mail/outbox/${failed.id}/retry`]: () =>
        apiError(409, 'conflict', 'Only a failed or discarded mail can be sent again.'),
    });
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    fireEvent.click(await screen.findByRole('button', { name: /^Send again: the mail to / }));
    expect(await screen.findByText('Only a failed or discarded mail can be sent again.')).toBeInTheDocument();
  });
});

describe('the outbox a page at a time', () => {
  it('loads the next page with the cursor of the first when "Load more" is pressed, and stops after the last', async () => {
    const newer = Array.from({ length: 3 }, (_, index) => outboxMail({ to: `new${index}@x.example` }));
    const older = [outboxMail({ to: 'old@x.example', createdAt: '2026-02-01T09:30:00.000Z' })];
    const calls = fakeApi({
      'GET /api/mail/outbox': (call) =>
        new URLSearchParams(call.search).get('cursor') === 'after-new2'
          ? streamPage(older, null, { total: 4 })
          : streamPage(newer, 'after-new2', { total: 4 }),
    });
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    const table = await screen.findByRole('table', { name: /^Mail outbox/ });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.getByText('Showing 1–3 of 4')).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'old@x.example' })).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(table).findByRole('rowheader', { name: 'old@x.example' })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4);
    const reads = calls.filter((call) => call.method === 'GET' && call.path === '/api/mail/outbox');
    expect(reads.map((call) => call.search)).toEqual(['', '?cursor=after-new2']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('the outbox by state', () => {
  it('asks the server for the mails in the state chosen, and for all again after a reset', async () => {
    const failed = outboxMail({ to: 'bob@x.example', state: 'failed', lastError: '550 unknown user' });
    const calls = fakeApi({
      'GET /api/mail/outbox': (call) =>
        new URLSearchParams(call.search).get('state') === 'failed'
          ? streamPage([failed], null, { total: 1 })
          : streamPage([outboxMail({}), failed], null, { total: 2 }),
    });
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    // The table is drawn anew for each state's answer.
    const rows = async () => within(await screen.findByRole('table', { name: /^Mail outbox/ })).getAllByRole('row');
    expect(await rows()).toHaveLength(1 + 2);

    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'failed' } });
    await waitFor(async () => expect(await rows()).toHaveLength(1 + 1));
    expect(screen.getByRole('rowheader', { name: 'bob@x.example' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reset search and filters' }));
    await waitFor(async () => expect(await rows()).toHaveLength(1 + 2));
    const reads = calls.filter((call) => call.method === 'GET' && call.path === '/api/mail/outbox');
    expect(reads.map((call) => call.search).slice(0, 2)).toEqual(['', '?state=failed']);
  });
});
