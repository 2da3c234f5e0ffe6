import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SavedView, ServiceSummary } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { apiError, fakeApi, reply, writesOf } from '../../test/fakeApi';
import { currentLocation, PEOPLE, renderApp } from '../../test/renderApp';

configure({ asyncUtilTimeout: 5000 });

const row: ServiceSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  serviceId: 'SVC-00001',
  name: 'Object Storage',
  state: 'service_planned',
  providerInstitution: null,
  shortDescription: '',
  serviceType: 'infrastructure',
  score: 3,
  keywords: [],
  updatedAt: '2026-03-01T09:30:00.000Z',
  onlineSince: null,
};

const view: SavedView = {
  id: '11111111-1111-4111-8111-111111111111',
  list: 'portfolio',
  name: 'Planned storage',
  query: 'tab=pipeline&q=storage&state=service_planned',
  columns: ['serviceId', 'name', 'state'],
  version: 4,
  updatedAt: '2026-03-01T09:30:00.000Z',
};

const columnHeaders = () =>
  screen
    .getAllByRole('columnheader')
    .map((header) => header.textContent?.replace(/[↕↑↓]/g, '').trim())
    .filter(Boolean);

describe('saved views of a list', () => {
  it('applies a view (filters into the URL, its columns into the table) and saves the current one by name', async () => {
    let taken = true;
    const calls = fakeApi({
      'GET /api/saved-views': () => ({ items: [view] }),
      'POST /api/saved-views': (call) =>
        taken
          ? apiError(400, 'invalid_input', 'Some fields are not valid.', {
              name: 'You have a view of this list with this name already',
            })
          : reply(201, { ...view, id: crypto.randomUUID(), ...(call.body as object), version: 1 }),
      'GET /api/services': () => ({ items: [row], total: 1, page: 1, pageSize: 50 }),
      'GET /api/services/tab-counts': () => ({
        counts: { application: 0, pipeline: 1, catalogue: 0, offboarding: 0, withdrawn: 0, myCentre: 0 },
      }),
      'GET /api/institutions': () => ({ items: [] }),
      'GET /api/keywords': () => ({ items: [] }),
    });
    renderApp({ path: '/sc/service-portfolio?page=2', user: PEOPLE.paula });
    await screen.findByRole('link', { name: 'Object Storage' });
    expect(calls.find((call) => call.path === '/api/saved-views')?.search).toBe('?list=portfolio');

    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Planned storage' }));
    await waitFor(() =>
      expect(currentLocation()).toBe('/sc/service-portfolio?tab=pipeline&q=storage&state=service_planned'),
    );
    await waitFor(() => expect(columnHeaders()).toEqual(['Service ID', 'Name', 'Status']));

    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save current view as…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the current view' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please give the view a name')).toBeInTheDocument();
    expect(writesOf(calls)).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'Planned storage' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('You have a view of this list with this name already')).toBeInTheDocument();
    taken = false;
    fireEvent.change(name, { target: { value: 'Storage, short' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writesOf(calls).at(-1)!.body).toEqual({
      list: 'portfolio',
      name: 'Storage, short',
      query: 'tab=pipeline&q=storage&state=service_planned',
      columns: ['serviceId', 'name', 'state'],
    });
  });

  it('renames, saves the current view into one and deletes one after asking, with the version read', async () => {
    const calls = fakeApi({
      'GET /api/saved-views': () => ({ items: [{ ...view, list: 'mine' }] }),
      [`PATCH /api/saved-views/${view.id}`]: (call) => ({ ...view, ...(call.body as object), version: 5 }),
      [`DELETE /api/saved-views/${view.id}`]: () => reply(204),
      'GET /api/services/mine': () => ({ items: [row], total: 1, page: 1, pageSize: 50 }),
      'GET /api/reviews/mine': () => ({ items: [] }),
      'GET /api/institutions': () => ({ items: [] }),
      'GET /api/keywords': () => ({ items: [] }),
    });
    renderApp({ path: '/sc/my-services?q=object', user: PEOPLE.alice });
    await screen.findByRole('link', { name: 'Object Storage' });
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage views…' }));
    const manage = await screen.findByRole('dialog', { name: 'Saved views' });

    fireEvent.click(within(manage).getByRole('button', { name: 'Save current view into “Planned storage”' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(1));
    expect(writesOf(calls)[0]!.body).toEqual({
      query: 'q=object',
      columns: ['serviceId', 'name', 'provider', 'state', 'type', 'updatedAt', 'score'],
      version: 4,
    });

    fireEvent.click(within(manage).getByRole('button', { name: 'Rename “Planned storage”' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename the view' });
    fireEvent.change(within(rename).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Mine' } });
    fireEvent.click(within(rename).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writesOf(calls)).toHaveLength(2));
    expect(writesOf(calls)[1]!.body).toEqual({ name: 'Mine', version: 4 });

    fireEvent.click(await screen.findByRole('button', { name: 'Delete “Planned storage”' }));
    const ask = await screen.findByRole('dialog', { name: 'Delete this view?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writesOf(calls).at(-1)).toMatchObject({ method: 'DELETE', search: '?version=4' }));
  });
});
