import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MailSettings } from '@nubes/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, writesOf } from '../test/fakeApi';
import { outboxMail } from '../test/mail';
import { PEOPLE, renderApp } from '../test/renderApp';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('admin panel: the mail outbox', () => {
  it('lists recipient, subject, state, tries and the last error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) =>
        input.startsWith('/api/mail/outbox')
          ? json({
              items: [
                outboxMail({}),
                outboxMail({ to: 'bob@x.example', state: 'failed', tries: 8, lastError: '550 unknown user' }),
              ],
              total: 2,
              nextCursor: null,
            })
          : json({ error: 'not_found', message: 'Not found.' }, 404),
      ),
    );
    renderApp({ path: '/manage/adminPanel?tab=mailOutbox', user: PEOPLE.admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Panel' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /^Mail outbox/ });
    const failed = within(table).getByRole('rowheader', { name: 'bob@x.example' }).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('550 unknown user')).toBeInTheDocument();
    expect(within(failed).getByText('8')).toBeInTheDocument();
  });

  it('is no screen for anyone but the portal manager', async () => {
    const fetch = vi.fn(async (_input: string) => json({}));
    vi.stubGlobal('fetch', fetch);
    renderApp({ path: '/manage/adminPanel', user: PEOPLE.paula });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/mail'))).toEqual([]);
  });
});

describe('mail settings', () => {
  it('switches a kind off and saves with the version read', async () => {
    const settings: MailSettings = {
      version: 3,
      language: 'en',
      disabledKinds: ['reviewStarted'],
      email: 'a@x.example',
    };
    const calls = fakeApi({
      'GET /api/me/mail-settings': () => settings,
      'PUT /api/me/mail-settings': (call) => ({ ...settings, ...(call.body as object), version: 4 }),
    });
    const saved = () => writesOf(calls).map((call) => call.body);
    renderApp({ path: '/profile/mail-settings', user: PEOPLE.alice });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mail Settings' })).toBeInTheDocument();
    expect(await screen.findByText('Your mails go to a@x.example.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Review started/ })).not.toBeChecked();
    // Every kind of the domain's list, the resource package mails too.
    expect(screen.getByRole('checkbox', { name: /Resource package submitted/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Resource package approved or rejected/ })).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox', { name: /New comments/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({ version: 3, language: 'de', disabledKinds: ['reviewStarted', 'commentAdded'] });
  });

  it('after a 409 keeps what was chosen, takes the kinds only the other tab changed, says which, and saves on their version', async () => {
    let held: MailSettings = { version: 3, language: 'en', disabledKinds: [], email: 'a@x.example' };
    const calls = fakeApi({
      'GET /api/me/mail-settings': () => held,
      'PUT /api/me/mail-settings': (call) => {
        const body = call.body as MailSettings;
        if (body.version !== held.version) return apiError(409, 'conflict', 'The object was changed in the meantime.');
        held = { ...held, ...body, version: held.version + 1 };
        return held;
      },
    });
    const saved = () => writesOf(calls).map((call) => call.body as MailSettings);
    renderApp({ path: '/profile/mail-settings', user: PEOPLE.alice });
    const comments = () => screen.getByRole('checkbox', { name: /New comments/ });
    await waitFor(() => expect(comments()).toBeChecked());
    // The same person switches review mails off in another tab.
    held = { ...held, disabledKinds: ['reviewStarted'], version: 4 };
    fireEvent.click(comments());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByTestId('save-conflict');
    // Each kind is a field of its own: the box switched here stays, the other tab's is taken.
    expect(notice).toHaveTextContent('Taken from their save, as you had not changed them: Review started.');
    expect(comments()).not.toBeChecked();
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Review started/ })).not.toBeChecked());

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved()).toHaveLength(2));
    expect(saved().map((body) => body.version)).toEqual([3, 4]);
    expect(held.disabledKinds).toEqual(['reviewStarted', 'commentAdded']);
    await waitFor(() => expect(screen.queryByTestId('save-conflict')).toBeNull());
  });
});
