import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/i18n';
import { phoneScreen } from '../../test/matchMedia';
import { renderWithProviders } from '../../test/renderWithProviders';
import type { DataTableProps } from './DataTable';
import type { DataTableColumn } from './types';
import { FruitTable } from '../../test/fruitTable';

interface Fruit {
  id: string;
  name: string;
  weight: number;
}

const FRUITS: Fruit[] = [
  { id: 'a', name: 'Apple', weight: 150 },
  { id: 'b', name: 'Banana', weight: 120 },
  { id: 'c', name: 'Cherry', weight: 5 },
];

const COLUMNS: DataTableColumn<Fruit>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: (fruit) => <a href={`/fruit/${fruit.id}`}>{fruit.name}</a>,
    sortValue: (f) => f.name,
  },
  { id: 'weight', header: 'Weight', cell: (fruit) => `${fruit.weight} g`, sortValue: (f) => f.weight, numeric: true },
];

/** A phone: the media query of the cards matches, every other one does not. */
const original = window.matchMedia;
beforeEach(() => {
  window.matchMedia = phoneScreen();
});
afterEach(() => {
  window.matchMedia = original;
});

/** The cards' code loads on the first phone render (a lazy chunk); wait until it has. */
const cardsLoaded = () => waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());

/** The fruits' table: rows, columns, id and caption as every test here has them; a test adds what it is about. */
const Fruits = (props: Partial<DataTableProps<Fruit>>) => <FruitTable columns={COLUMNS} rows={FRUITS} {...props} />;

const cards = () => within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem');
const names = () => cards().map((card) => within(card).getByRole('link').textContent);

describe('DataTable on a phone', () => {
  it('shows each row as a card of label: value pairs instead of a table', async () => {
    initI18n('en');
    renderWithProviders(<Fruits />);
    await cardsLoaded();
    expect(screen.queryByRole('table')).toBeNull();
    expect(cards()).toHaveLength(3);
    const first = within(cards()[0]!);
    expect(first.getByText('Weight').tagName).toBe('DT');
    expect(first.getByText('150 g').tagName).toBe('DD');
  });

  it("sorts with the select that takes the headers' place", async () => {
    initI18n('en');
    renderWithProviders(<Fruits />);
    await cardsLoaded();
    const select = screen.getByLabelText('Sort by');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['List order', 'Name, ascending', 'Name, descending', 'Weight, ascending', 'Weight, descending']);
    fireEvent.change(select, { target: { value: 'weight:asc' } });
    expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    fireEvent.change(select, { target: { value: 'name:desc' } });
    expect(names()).toEqual(['Cherry', 'Banana', 'Apple']);
    fireEvent.change(select, { target: { value: 'name:asc' } });
    expect(names()).toEqual(['Apple', 'Banana', 'Cherry']);
  });

  it('selects a card with its labelled checkbox and hands the selection to the bulk actions', async () => {
    initI18n('en');
    const bulk = vi.fn(() => null);
    renderWithProviders(<Fruits rowLabel={(f) => f.name} bulkActions={bulk} />);
    await cardsLoaded();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Banana' }));
    expect(bulk).toHaveBeenLastCalledWith([FRUITS[1]], expect.any(Function));
    expect(cards()[1]).toHaveAttribute('data-selected', 'true');
  });

  it('says why the list is empty', async () => {
    initI18n('en');
    renderWithProviders(<Fruits rows={[]} />);
    await cardsLoaded();
    expect(screen.getByRole('status')).toHaveTextContent('No fruit yet.');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('folds the exports and the list’s actions into one menu, so the count line stays a line', async () => {
    initI18n('en');
    const start = vi.fn();
    renderWithProviders(
      <Fruits
        exports={{ csv: '/api/fruits/export.csv', json: '/api/fruits/export.json' }}
        actions={[
          { key: 'start', label: 'Start all (3)', emphasis: 'primary', onClick: start },
          { key: 'end', label: 'End all (0)', disabled: true, onClick: vi.fn() },
        ]}
      />,
    );
    await cardsLoaded();
    const menuButton = await screen.findByRole('button', { name: 'Actions' });
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start all (3)' })).toBeNull();

    fireEvent.click(menuButton);
    // jsdom has no layout, so Mantine keeps the dropdown display:none: the queries include hidden elements.
    const menu = await screen.findByRole('menu', { hidden: true });
    expect(
      within(menu)
        .getAllByRole('menuitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Export CSV', 'Export JSON', 'Start all (3)', 'End all (0)']);
    expect(within(menu).getByRole('menuitem', { name: 'Export CSV', hidden: true })).toHaveAttribute(
      'href',
      '/api/fruits/export.csv',
    );
    expect(within(menu).getByRole('menuitem', { name: 'End all (0)', hidden: true })).toBeDisabled();
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Start all (3)', hidden: true }));
    expect(start).toHaveBeenCalledOnce();
  });
});
