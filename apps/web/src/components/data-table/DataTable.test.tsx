import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@nubes/domain';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/App';
import { createQueryClient } from '../../app/queryClient';
import { writeStoredSession } from '../../auth/session';
import { createSessionStore } from '../../auth/sessionStore';
import { initI18n } from '../../i18n/i18n';
import { fakeAuthApi, PEOPLE, sessionFor } from '../../test/renderApp';
import { columnPreferenceKey } from './columnPreferences';
import type { DataTableProps } from './DataTable';
import { compareSortValues } from './tableFeatures';
import { listExports } from './exports';
import type { DataTableColumn } from './types';
import { FruitTable } from '../../test/fruitTable';

interface Fruit {
  id: string;
  name: string;
  colour: string;
  weight: number;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', colour: 'red', weight: 150 },
  { id: 'b', name: 'banana', colour: 'yellow', weight: 120 },
  { id: 'c', name: 'Cherry', colour: 'red', weight: 5 },
];

const COLUMNS: DataTableColumn<Fruit>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (fruit) => <a href={`/fruit/${fruit.id}`}>{fruit.name}</a>,
    sortValue: (fruit) => fruit.name,
    hideable: false,
  },
  { id: 'colour', header: 'Colour', cell: (fruit) => fruit.colour, sortValue: (fruit) => fruit.colour },
  {
    id: 'weight',
    header: 'Weight',
    cell: (fruit) => `${fruit.weight} g`,
    sortValue: (fruit) => fruit.weight,
    sortDescFirst: true,
    numeric: true,
  },
];

const manyFruits = (count: number): Fruit[] =>
  Array.from({ length: count }, (_, n) => ({
    id: `f${n}`,
    name: `Fruit ${String(n + 1).padStart(3, '0')}`,
    colour: 'green',
    weight: n,
  }));

/** The fruits' table as the tests here have it; a test adds or changes what it is about. */
const Fruits = (props: Partial<DataTableProps<Fruit>>) => (
  <FruitTable columns={COLUMNS} rows={FRUITS} rowLabel={(fruit) => fruit.name} {...props} />
);

const renderTable = (props: Partial<DataTableProps<Fruit>> = {}, user: User | null = PEOPLE.paula!) => {
  initI18n('en');
  const now = Date.now();
  if (user) writeStoredSession(window.localStorage, sessionFor(user, now));
  const store = createSessionStore({ storage: window.localStorage, now: () => now, api: fakeAuthApi() });
  store.check();
  return render(
    <AppProviders store={store} queryClient={createQueryClient()}>
      <Fruits {...props} />
    </AppProviders>,
  );
};

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const names = () => bodyRows().map((row) => within(row).getByRole('link').textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('DataTable sorting', () => {
  it('sorts client-side by a header button, with aria-sort, text by collation and numbers by size', () => {
    renderTable();
    expect(names()).toEqual(['Apple', 'banana', 'Cherry']);
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    fireEvent.click(within(header('Name')).getByRole('button', { name: /Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Apple', 'banana', 'Cherry']);
    fireEvent.click(within(header('Name')).getByRole('button', { name: /Name/ }));
    expect(header('Name')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Cherry', 'banana', 'Apple']);

    // Weight starts heaviest first (its natural order), and the name column is no longer sorted.
    fireEvent.click(within(header('Weight')).getByRole('button', { name: /Weight/ }));
    expect(header('Weight')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Apple', 'banana', 'Cherry']);
    expect(screen.getByRole('table', { name: 'Fruits, sorted by Weight, descending' })).toBeInTheDocument();
  });

  it('asks the server for a sort in server mode and shows the rows as given', () => {
    const onSortChange = vi.fn();
    renderTable({
      server: {
        sort: { id: 'weight', desc: false },
        onSortChange,
        page: 1,
        pageSize: 25,
        onPageChange: vi.fn(),
        onPageSizeChange: vi.fn(),
        total: 3,
      },
    });
    expect(header('Weight')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Apple', 'banana', 'Cherry']);
    fireEvent.click(within(header('Weight')).getByRole('button', { name: /Weight/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'weight', desc: true });
    fireEvent.click(within(header('Colour')).getByRole('button', { name: /Colour/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'colour', desc: false });
  });

  it('offers no sort button where a column has no sort value', () => {
    renderTable({ columns: COLUMNS.map(({ sortValue: _ignored, ...column }) => column) });
    expect(within(screen.getByRole('table')).queryAllByRole('button')).toHaveLength(0);
    expect(header('Name')).not.toHaveAttribute('aria-sort');
  });

  it('orders empty values last and numbers within text naturally', () => {
    expect(['b', null, 'a', '', 'A 10', 'A 9'].sort(compareSortValues)).toEqual(['a', 'A 9', 'A 10', 'b', null, '']);
    expect([3, 1, 2].sort(compareSortValues)).toEqual([1, 2, 3]);
  });
});

describe('DataTable paging and counts', () => {
  it('pages client-side, counts the rows and changes the page size', async () => {
    renderTable({ rows: manyFruits(120), countLabel: (count) => `${count} fruits` });
    expect(screen.getByText('120 fruits')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–50 of 120')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(50);

    const pager = await screen.findByRole('navigation', { name: 'Pages of the list' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(screen.getByText('Showing 101–120 of 120')).toBeInTheDocument();
    expect(names()[0]).toBe('Fruit 101');

    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '25' } });
    expect(screen.getByText('Showing 1–25 of 120')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
  });

  it('goes back to the last page when rows go away under it', async () => {
    const view = renderTable({ rows: manyFruits(60) });
    fireEvent.click(within(await screen.findByRole('navigation')).getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('Showing 51–60 of 60')).toBeInTheDocument();
    const store = createSessionStore({ storage: window.localStorage, now: Date.now, api: fakeAuthApi() });
    store.check();
    view.rerender(
      <AppProviders store={store} queryClient={createQueryClient()}>
        <Fruits rows={manyFruits(40)} rowLabel={undefined} />
      </AppProviders>,
    );
    expect(bodyRows()).toHaveLength(40);
    expect(screen.queryByText('No fruit yet.')).not.toBeInTheDocument();
  });

  it('shows no pager when every row fits on the smallest page', () => {
    renderTable();
    expect(screen.getByText('3 rows')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Rows per page')).not.toBeInTheDocument();
  });

  it('hands page and page size to the server in server mode', async () => {
    const onPageChange = vi.fn();
    const onPageSizeChange = vi.fn();
    renderTable({
      rows: manyFruits(50),
      server: { sort: null, onSortChange: vi.fn(), page: 2, pageSize: 50, onPageChange, onPageSizeChange, total: 312 },
    });
    expect(screen.getByText('Showing 51–100 of 312')).toBeInTheDocument();
    const pager = await screen.findByRole('navigation', { name: 'Pages of the list' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '100' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
  });
});

describe('DataTable column chooser', () => {
  const openChooser = async () => {
    fireEvent.click(await screen.findByRole('button', { name: 'Columns' }));
    // jsdom never finishes Mantine's transition, so the open menu still counts as hidden there.
    return screen.findByRole('menu', { hidden: true });
  };

  it('hides a column and remembers it per person and table', async () => {
    const first = renderTable();
    const menu = await openChooser();
    // The column that names the row cannot be hidden, so it is not offered.
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Name', hidden: true })).not.toBeInTheDocument();
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Colour', hidden: true }));
    expect(screen.queryByRole('columnheader', { name: 'Colour' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(columnPreferenceKey('paula', 'fruits'))!)).toEqual(['colour']);
    first.unmount();

    // paula again: her choice. Another table id: all columns.
    const again = renderTable();
    expect(screen.queryByRole('columnheader', { name: 'Colour' })).not.toBeInTheDocument();
    again.unmount();
    const other = renderTable({ id: 'vegetables' });
    expect(screen.getByRole('columnheader', { name: /Colour/ })).toBeInTheDocument();
    other.unmount();
  });

  it('keeps people apart and shows every column again on request', async () => {
    window.localStorage.setItem(columnPreferenceKey('paula', 'fruits'), JSON.stringify(['colour', 'weight']));
    const alices = renderTable({}, PEOPLE.alice!);
    expect(screen.getByRole('columnheader', { name: /Colour/ })).toBeInTheDocument();
    alices.unmount();

    renderTable();
    expect(screen.queryByRole('columnheader', { name: /Colour/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Weight/ })).not.toBeInTheDocument();
    const menu = await openChooser();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Show all columns', hidden: true }));
    expect(screen.getByRole('columnheader', { name: /Weight/ })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(columnPreferenceKey('paula', 'fruits'))!)).toEqual([]);
  });

  it('is not offered without a login, nor when turned off', async () => {
    renderTable({}, null);
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
  });
});

describe('DataTable selection', () => {
  it('selects rows, shows the bulk-action bar and hands it the selected rows', () => {
    const exportRows = vi.fn();
    renderTable({
      bulkActions: (selected, clear) => (
        <button
          type="button"
          onClick={() => {
            exportRows(selected.map((fruit) => fruit.name));
            clear();
          }}
        >
          Export selected
        </button>
      ),
    });
    expect(screen.queryByRole('region', { name: 'Actions for the selected rows' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Cherry' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Apple' }));
    const bar = screen.getByRole('region', { name: 'Actions for the selected rows' });
    expect(bar).toHaveTextContent('2 rows selected');
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveProperty(
      'indeterminate',
      true,
    );

    fireEvent.click(within(bar).getByRole('button', { name: 'Export selected' }));
    expect(exportRows).toHaveBeenCalledWith(['Apple', 'Cherry']);
    expect(screen.queryByRole('region', { name: 'Actions for the selected rows' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByRole('region', { name: 'Actions for the selected rows' })).toHaveTextContent('3 rows selected');
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByRole('checkbox', { name: 'Select Apple' })).not.toBeChecked();
  });

  it('starts afresh when other rows arrive (another page, sort or filter)', () => {
    const Harness = () => {
      const [rows, setRows] = useState(FRUITS);
      return (
        <>
          <button type="button" onClick={() => setRows(FRUITS.slice(1))}>
            Next
          </button>
          <Fruits rows={rows} bulkActions={() => null} />
        </>
      );
    };
    renderTable({}, null);
    const { unmount } = { unmount: () => {} };
    unmount();
    document.body.innerHTML = '';
    initI18n('en');
    const store = createSessionStore({ storage: window.localStorage, now: Date.now, api: fakeAuthApi() });
    render(
      <AppProviders store={store} queryClient={createQueryClient()}>
        <Harness />
      </AppProviders>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select banana' }));
    expect(screen.getByText('1 row selected')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByText('1 row selected')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select banana' })).not.toBeChecked();
  });
});

describe('DataTable empty and loading states', () => {
  it('says why the list is empty and offers what to do', () => {
    const clear = vi.fn();
    renderTable({
      rows: [],
      empty: {
        title: 'No fruit matches the filters.',
        hint: 'Change them to see more.',
        action: (
          <button type="button" onClick={clear}>
            Clear the filters
          </button>
        ),
      },
    });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('No fruit matches the filters.');
    expect(status).toHaveTextContent('Change them to see more.');
    fireEvent.click(within(status).getByRole('button', { name: 'Clear the filters' }));
    expect(clear).toHaveBeenCalled();
    expect(screen.queryByText('0 rows')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Columns' })).not.toBeInTheDocument();
  });

  it('shows that it loads while there are no rows yet', () => {
    renderTable({ rows: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText(/rows$/)).not.toBeInTheDocument();
  });
});

describe('DataTable row headers, footer and inputs in cells', () => {
  const WITH_HEADER: DataTableColumn<Fruit>[] = [
    { id: 'name', header: 'Name', cell: (fruit) => fruit.name, rowHeader: true, hideable: false },
    { id: 'colour', header: 'Colour', cell: (fruit) => fruit.colour },
    { id: 'weight', header: 'Weight', cell: (fruit) => fruit.weight, numeric: true },
  ];
  const total = FRUITS.reduce((sum, fruit) => sum + fruit.weight, 0);

  it('names each row by its row header and sums up in a footer row spanning to the first value', () => {
    renderTable({ columns: WITH_HEADER, footer: { label: 'Total weight', cells: { weight: total }, live: true } });
    const apple = screen.getByRole('row', { name: /Apple/ });
    expect(within(apple).getByRole('rowheader')).toHaveTextContent('Apple');
    expect(
      within(apple)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['red', '150']);

    const footer = screen.getByRole('row', { name: /Total weight/ });
    expect(footer.closest('tfoot')).not.toBeNull();
    const label = within(footer).getByRole('rowheader', { name: 'Total weight' });
    expect(label).toHaveAttribute('colspan', '2');
    const value = within(footer).getByRole('cell');
    expect(value).toHaveTextContent(String(total));
    expect(value).toHaveAttribute('aria-live', 'polite');
    // The footer is no body row: the keyboard grid and the sorting leave it alone.
    expect(value).not.toHaveAttribute('tabindex');
  });

  it('keeps the footer under the visible columns when one is hidden, and leaves empty columns empty', async () => {
    const { unmount } = renderTable({
      columns: WITH_HEADER,
      footer: { label: 'Total', cells: { colour: 'mixed' } },
    });
    const footer = screen.getByRole('row', { name: /Total/ });
    expect(within(footer).getByRole('rowheader')).toHaveAttribute('colspan', '1');
    expect(
      within(footer)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['mixed', '']);
    expect(within(footer).getByRole('cell', { name: 'mixed' })).not.toHaveAttribute('aria-live');
    unmount();

    window.localStorage.setItem(columnPreferenceKey('paula', 'fruits'), JSON.stringify(['colour']));
    renderTable({ columns: WITH_HEADER, footer: { label: 'Total', cells: { weight: total } } });
    const shorter = screen.getByRole('row', { name: /Total/ });
    expect(within(shorter).getByRole('rowheader')).toHaveAttribute('colspan', '1');
    expect(
      within(shorter)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([String(total)]);
    window.localStorage.clear();
  });

  it('shows no footer for an empty list, and no count line when asked', () => {
    renderTable({ columns: WITH_HEADER, rows: [], footer: { label: 'Total', cells: { weight: 0 } } });
    expect(screen.queryByRole('row', { name: /Total/ })).not.toBeInTheDocument();
    cleanup();
    renderTable({ columns: WITH_HEADER, showCount: false });
    expect(screen.queryByText('3 rows')).not.toBeInTheDocument();
  });

  it('leaves the arrow keys to a select in a cell', () => {
    const onChange = vi.fn();
    renderTable({
      columns: [
        ...WITH_HEADER,
        {
          id: 'grade',
          header: 'Grade',
          cell: (fruit) => (
            <select aria-label={`Grade of ${fruit.name}`} defaultValue="a" onChange={onChange}>
              <option value="a">A</option>
              <option value="b">B</option>
            </select>
          ),
        },
      ],
    });
    const select = screen.getByRole('combobox', { name: 'Grade of Apple' });
    select.focus();
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    expect(select).toHaveFocus();
    fireEvent.change(select, { target: { value: 'b' } });
    expect(onChange).toHaveBeenCalled();
  });
});

describe('DataTable keyboard navigation', () => {
  const cell = (row: number, col: number) => within(bodyRows()[row]!).getAllByRole('cell')[col]!;

  it('has one tab stop in the body and moves it with the arrow, Home and End keys', () => {
    renderTable();
    const tabbable = screen.getAllByRole('cell').filter((element) => element.getAttribute('tabindex') === '0');
    expect(tabbable).toEqual([cell(0, 0)]);
    expect(screen.getByRole('table')).toHaveAccessibleDescription(/Arrow keys move between cells/);

    cell(0, 0).focus();
    fireEvent.keyDown(cell(0, 0), { key: 'ArrowDown' });
    expect(cell(1, 0)).toHaveFocus();
    fireEvent.keyDown(cell(1, 0), { key: 'ArrowRight' });
    expect(cell(1, 1)).toHaveFocus();
    expect(cell(1, 1)).toHaveAttribute('tabindex', '0');
    expect(cell(0, 0)).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(cell(1, 1), { key: 'End' });
    expect(cell(1, 2)).toHaveFocus();
    fireEvent.keyDown(cell(1, 2), { key: 'ArrowRight' });
    expect(cell(1, 2)).toHaveFocus();
    fireEvent.keyDown(cell(1, 2), { key: 'Home' });
    expect(cell(1, 0)).toHaveFocus();
    fireEvent.keyDown(cell(1, 0), { key: 'End', ctrlKey: true });
    expect(cell(2, 0)).toHaveFocus();
    fireEvent.keyDown(cell(2, 0), { key: 'ArrowDown' });
    expect(cell(2, 0)).toHaveFocus();
    fireEvent.keyDown(cell(2, 0), { key: 'Home', ctrlKey: true });
    expect(cell(0, 0)).toHaveFocus();
    // From a link inside a cell the arrows move on as well.
    const link = within(cell(0, 0)).getByRole('link');
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowDown' });
    expect(cell(1, 0)).toHaveFocus();
  });

  it('opens the row with Enter and toggles its selection with Space', () => {
    const opened = vi.fn((event: Event) => event.preventDefault());
    document.addEventListener('click', opened);
    renderTable({ bulkActions: () => null });
    // The checkbox column comes first.
    cell(1, 2).focus();
    fireEvent.keyDown(cell(1, 2), { key: 'Enter' });
    expect(opened).toHaveBeenCalledTimes(1);
    expect((opened.mock.calls[0]![0].target as HTMLAnchorElement).getAttribute('href')).toBe('/fruit/b');
    document.removeEventListener('click', opened);

    fireEvent.keyDown(cell(1, 2), { key: ' ' });
    expect(screen.getByRole('checkbox', { name: 'Select banana' })).toBeChecked();
    fireEvent.keyDown(cell(1, 2), { key: ' ' });
    expect(screen.getByRole('checkbox', { name: 'Select banana' })).not.toBeChecked();
  });
});

describe('exports of the view', () => {
  it('are the list’s own address with export.csv and export.json, the same filters, no paging', () => {
    expect(listExports('/api/vos?state=vo_available&q=a%20b&sort=name&order=asc&page=3&pageSize=50')).toEqual({
      csv: '/api/vos/export.csv?state=vo_available&q=a+b&sort=name&order=asc',
      json: '/api/vos/export.json?state=vo_available&q=a+b&sort=name&order=asc',
    });
    expect(listExports('/api/institutions')).toEqual({
      csv: '/api/institutions/export.csv',
      json: '/api/institutions/export.json',
    });
  });

  it('show as two download links on the count line', () => {
    renderTable({ exports: listExports('/api/fruits?colour=red&page=2') });
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv).toHaveAttribute('href', '/api/fruits/export.csv?colour=red');
    expect(csv).toHaveAttribute('download');
    expect(screen.getByRole('link', { name: 'Export JSON' })).toHaveAttribute(
      'href',
      '/api/fruits/export.json?colour=red',
    );
  });

  it('do not show on an empty list', () => {
    renderTable({ rows: [], exports: listExports('/api/fruits?colour=blue') });
    expect(screen.getByText('No fruit yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Export JSON' })).toBeNull();
  });

  it('are followed by the list’s own actions as buttons, the main one filled, a removing one red', () => {
    const start = vi.fn();
    renderTable({
      exports: listExports('/api/fruits'),
      actions: [
        { key: 'start', label: 'Start all (3)', emphasis: 'primary', onClick: start },
        { key: 'end', label: 'End all (0)', disabled: true, onClick: vi.fn() },
        { key: 'clear', label: 'Clear all', emphasis: 'danger', onClick: vi.fn() },
        { key: 'csv', label: 'Values as CSV', href: '/api/fruits/values.csv' },
      ],
    });
    expect(screen.getByRole('button', { name: 'Start all (3)' })).toHaveAttribute('data-variant', 'filled');
    expect(screen.getByRole('button', { name: 'End all (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Clear all' })).toHaveAttribute('data-variant', 'outline');
    expect(screen.getByRole('link', { name: 'Values as CSV' })).toHaveAttribute('download');
    fireEvent.click(screen.getByRole('button', { name: 'Start all (3)' }));
    expect(start).toHaveBeenCalledOnce();
  });
});

describe('column preferences', () => {
  it('survives broken storage content', async () => {
    window.localStorage.setItem(columnPreferenceKey('paula', 'fruits'), '{not json');
    renderTable();
    await waitFor(() => expect(screen.getByRole('columnheader', { name: /Colour/ })).toBeInTheDocument());
  });
});
