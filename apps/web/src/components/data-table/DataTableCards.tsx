import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableSort } from './types';

/** One cell of a card: the column's header as its label, the cell's content as its value. */
export interface CardCell {
  id: string;
  label: string;
  value: ReactNode;
  numeric?: boolean;
}

/** One row of the table as a card. */
export interface CardRow {
  id: string;
  cells: readonly CardCell[];
  /** Present when the table's rows are selectable. */
  selection?: { label: string; selected: boolean; toggle: (selected: boolean) => void };
}

export interface DataTableCardsProps {
  caption: string;
  rows: readonly CardRow[];
  /** Loading and empty states, as the table shows them. */
  message?: ReactNode;
  /** The table's summary row, as one more card. */
  footer?: { label: ReactNode; cells: readonly CardCell[] };
}

/**
 * The rows of a DataTable on a phone (below 768 px, ADR 0046): each row a card of label: value
 * pairs, one under the other, so a list never scrolls sideways and every value keeps its name. A
 * list of cards rather than a restyled table: the table's header row and grid keys mean nothing
 * when the cells stack. Links and inputs in the cells stay reachable with Tab.
 */
export const DataTableCards = ({ caption, rows, message, footer }: DataTableCardsProps) => (
  <div className="data-table-cards">
    {message}
    {rows.length > 0 && (
      <ul aria-label={caption} className="data-table-card-list">
        {rows.map((row) => (
          <li key={row.id} className="data-table-card" data-selected={row.selection?.selected || undefined}>
            {row.selection && (
              <label className="data-table-card-select">
                <input
                  type="checkbox"
                  checked={row.selection.selected}
                  onChange={(event) => row.selection?.toggle(event.currentTarget.checked)}
                />
                <span>{row.selection.label}</span>
              </label>
            )}
            <CardPairs cells={row.cells} />
          </li>
        ))}
        {footer && (
          <li className="data-table-card data-table-card-footer">
            <strong>{footer.label}</strong>
            <CardPairs cells={footer.cells} />
          </li>
        )}
      </ul>
    )}
  </div>
);

const CardPairs = ({ cells }: { cells: readonly CardCell[] }) => (
  <dl className="data-table-card-pairs">
    {cells.map((cell) => (
      <div key={cell.id} className="data-table-card-pair">
        <dt>{cell.label}</dt>
        <dd className={cell.numeric ? 'numeric' : undefined}>{cell.value}</dd>
      </div>
    ))}
  </dl>
);

/** The choices of the phone's sort select: each sortable column ascending and descending. */
export interface CardSortProps {
  columns: readonly { id: string; label: string }[];
  sort: DataTableSort | null;
  onSort: (sort: DataTableSort) => void;
  selectId: string;
}

/**
 * On a phone the column headers are gone with the table; the order is chosen here instead. A
 * native select: the phone's own picker, no popover code.
 */
export const CardSort = ({ columns, sort, onSort, selectId }: CardSortProps) => {
  const { t } = useTranslation();
  if (columns.length === 0) return null;
  const value = sort ? `${sort.id}:${sort.desc ? 'desc' : 'asc'}` : '';
  return (
    <div className="data-table-card-sort">
      <label htmlFor={selectId}>{t('appearance.sortBy')}</label>
      <select
        id={selectId}
        value={value}
        onChange={(event) => {
          const [id, order] = event.currentTarget.value.split(':');
          if (id) onSort({ id, desc: order === 'desc' });
        }}
      >
        {!sort && <option value="">{t('appearance.unsorted')}</option>}
        {columns.flatMap((column) =>
          (['asc', 'desc'] as const).map((order) => (
            <option key={`${column.id}:${order}`} value={`${column.id}:${order}`}>
              {t('appearance.sortOption', {
                column: column.label,
                order: t(order === 'asc' ? 'dataTable.ascending' : 'dataTable.descending'),
              })}
            </option>
          )),
        )}
      </select>
    </div>
  );
};
