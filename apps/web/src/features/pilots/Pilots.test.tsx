import type { PilotList, ServicePilot } from '@nubes/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi } from '../../test/fakeApi';
import { PEOPLE, renderApp } from '../../test/renderApp';
import { serviceDetail } from '../../test/serviceDetail';

const ID = 'c0a80101-0000-4000-8000-000000000021';

const pilot = (overrides: Partial<ServicePilot> = {}): ServicePilot => ({
  kind: 'pilot',
  onlineSince: '2026-02-07',
  endsOn: '2027-02-07',
  originalEndsOn: '2027-02-07',
  extension: null,
  state: 'notice9',
  version: 4,
  ...overrides,
});

const servicePage = (pilotAnswer: () => unknown, extra: Record<string, () => unknown> = {}) =>
  fakeApi({
    [`GET /api/services/${ID}`]: () => serviceDetail({ id: ID, name: 'Data Lab', state: 'service_online', version: 4 }),
    [`GET /api/services/${ID}/pilot`]: pilotAnswer,
    ...extra,
  });

describe('a pilot in the service header', () => {
  it('shows its end and state, and paula extends it once with a reason and a later end', async () => {
    let current = pilot();
    const calls = servicePage(() => current, {
      [`POST /api/services/${ID}/pilot/extension`]: () => {
        current = pilot({
          endsOn: '2027-08-07',
          state: 'running',
          version: 5,
          extension: { endsOn: '2027-08-07', reason: 'Users test', by: null, at: '2026-12-07T09:00:00.000Z' },
        });
        return current;
      },
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.paula });
    expect(await screen.findByText('7.2.2027')).toBeInTheDocument();
    expect(screen.getByText('Ends in 3 months')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Extend the pilot Data Lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the pilot Data Lab' });
    expect(dialog).toHaveTextContent('After the current end, 7.2.2027.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Users test' } });
    const end = within(dialog).getByRole('textbox', { name: /New end date/ });
    fireEvent.change(end, { target: { value: '7.8.2027' } });
    fireEvent.blur(end);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        reason: 'Users test',
        endsOn: '2027-08-07',
        version: 4,
      }),
    );
    expect(await screen.findByText('7.8.2027')).toBeInTheDocument();
    expect(screen.getByText(/\(extended\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extend the pilot Data Lab' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of a second extension', async () => {
    servicePage(() => pilot(), {
      [`POST /api/services/${ID}/pilot/extension`]: () =>
        apiError(409, 'conflict', 'This pilot was extended already; a pilot is extended only once.'),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.paula });
    fireEvent.click(await screen.findByRole('button', { name: 'Extend the pilot Data Lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend the pilot Data Lab' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Again' } });
    const end = within(dialog).getByRole('textbox', { name: /New end date/ });
    fireEvent.change(end, { target: { value: '7.8.2027' } });
    fireEvent.blur(end);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(
      await screen.findByText('This pilot was extended already; a pilot is extended only once.'),
    ).toBeInTheDocument();
  });

  it('lets paula mark a regular service as a pilot after asking', async () => {
    const calls = servicePage(() => pilot({ kind: 'regular', endsOn: null, originalEndsOn: null, state: null }), {
      [`PUT /api/services/${ID}/pilot`]: () => pilot({ state: 'running', version: 5 }),
    });
    renderApp({ path: `/sc/service/${ID}`, user: PEOPLE.paula });
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as pilot: Data Lab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Data Lab as a pilot service?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ kind: 'pilot', version: 4 }),
    );
  });
});

describe('Pilots ending', () => {
  it('lists the pilots by end with their state, filters and export links', async () => {
    const list: PilotList = {
      items: [
        {
          id: ID,
          serviceId: 'SVC-00021',
          name: 'Data Lab',
          provider: { id: 'p', abbreviation: 'HPCN', name: 'HPC North' },
          onlineSince: '2026-02-07',
          endsOn: '2027-02-07',
          extended: false,
          state: 'notice9',
        },
      ],
      total: 1,
      page: 1,
      pageSize: 50,
    };
    const calls = fakeApi({ 'GET /api/pilots': () => list });
    renderApp({ path: '/sc/pilots-ending?state=notice9', user: PEOPLE.paula });
    const table = await screen.findByRole('table', { name: /Pilots Ending/ });
    const row = await within(table).findByRole('row', { name: /Data Lab/ });
    expect(row).toHaveTextContent('7.2.2027');
    expect(row).toHaveTextContent('Ends in 3 months');
    expect(calls.find((call) => call.path === '/api/pilots')?.search).toContain('state=notice9');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/api\/pilots\/export\.csv\?state=notice9&sort=endsOn&order=asc$/,
    );
  });

  it('is not for a provider', async () => {
    fakeApi({});
    renderApp({ path: '/sc/pilots-ending', user: PEOPLE.alice });
    expect(await screen.findByText(/no access|not allowed|cannot open/i)).toBeInTheDocument();
  });
});
