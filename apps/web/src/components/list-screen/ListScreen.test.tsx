import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../../i18n/i18n';
import { MemoryRouter, useSearchParams } from '../../routing';
import { fakeApi } from '../../test/fakeApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ListFilters } from './ListFilters';
import { ListScreen } from './ListScreen';
import { defineListView, oneOf, schemaParam, type PagedView } from './listView';
import { useListScreen } from './useListScreen';

interface ThingsView extends PagedView {
  q: string;
  colour: 'red' | 'blue' | null;
}
interface Thing {
  id: string;
  name: string;
}

const thingsView = defineListView<ThingsView>({
  path: '/api/things',
  params: { q: schemaParam(z.string().trim()), colour: oneOf(['red', 'blue'] as const) },
  sort: oneOf(['name'] as const) as (value: string | null) => string | null,
  defaults: { q: '', colour: null, sort: 'name', order: 'asc', page: 1, pageSize: 50 },
});

const Location = () => <output aria-label="location">{useSearchParams()[0].toString()}</output>;

const Things = () => {
  const state = useListScreen<ThingsView, { items: Thing[]; total: number }>(thingsView, (path) => ['things', path]);
  return (
    <ListScreen
      screen={state}
      id="things"
      label="Things"
      filters={
        <ListFilters
          url={state}
          search={{ label: 'Search things' }}
          filters={[{ name: 'colour', label: 'Colour', all: 'Any colour', data: [{ value: 'red', label: 'Red' }] }]}
        />
      }
      exports
      columns={[{ id: 'name', header: 'Name', cell: (row) => row.name, sortValue: (row) => row.name }]}
      getRowId={(row) => row.id}
      empty={{ title: 'No things yet', hint: 'Make one.' }}
      emptyFiltered={{ title: 'No thing matches' }}
    />
  );
};

// Only the screen's own words are asserted; the shell's catalogue may not be loaded here.
const renderThings = (path: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Things />
      <Location />
    </MemoryRouter>,
  );

beforeAll(() => {
  initI18n('en');
});

describe('the list screen', () => {
  it('asks the server for the view in the URL and offers it as files', async () => {
    const calls = fakeApi({ 'GET /api/things': () => ({ items: [{ id: '1', name: 'Lamp' }], total: 1 }) });
    renderThings('/things?colour=red&page=1');
    expect(await screen.findByText('Lamp')).toBeInTheDocument();
    expect(calls[0]!.search).toBe('?colour=red&sort=name&order=asc&page=1&pageSize=50');
    // The table is named by its own list, as contacts, user accounts, change requests and packages are.
    expect(screen.getByRole('table', { name: /^Things, page 1 of 1/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Export CSV|dataTable.exportCsv/ })).toHaveAttribute(
      'href',
      '/api/things/export.csv?colour=red&sort=name&order=asc',
    );
  });

  it('writes a changed filter and sort into the URL, each back on page 1', async () => {
    fakeApi({ 'GET /api/things': () => ({ items: [{ id: '1', name: 'Lamp' }], total: 1 }) });
    renderThings('/things?page=3');
    await screen.findByText('Lamp');
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: 'red' } });
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^colour=red$/));
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent(/^colour=red&sort=name&order=desc$/),
    );
  });

  it('says why it is empty: nothing yet, or nothing under the filters with a way to clear them', async () => {
    fakeApi({ 'GET /api/things': () => ({ items: [], total: 0 }) });
    renderThings('/things?colour=red');
    expect(await screen.findByText('No thing matches')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Clear the filters|dataTable.clearFilters/ }));
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.getByText('Make one.')).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent(/^$/);
  });

  it('shows what the server could not give in place of the table', async () => {
    fakeApi({});
    renderThings('/things');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
