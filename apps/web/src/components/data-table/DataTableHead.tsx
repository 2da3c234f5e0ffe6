import { UnstyledButton } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { SELECT_COLUMN } from './tableFeatures';
import type { DataTableState } from './useDataTableState';

/** The header row: the page's select-all box, and a sort button with aria-sort in each sortable column. */
export const DataTableHead = <T extends RowData>({
  state,
  sortable,
}: {
  state: DataTableState<T>;
  sortable: boolean;
}) => {
  const { t } = useTranslation();
  const { table, columnsById } = state;
  const pageRows = table.getRowModel().rows;
  return (
    <thead>
      <tr>
        {table.getFlatHeaders().map((header) => {
          const column = header.column;
          if (!column.getIsVisible()) return null;
          if (column.id === SELECT_COLUMN) {
            return (
              <th key={header.id} scope="col" className="data-table-select">
                <input
                  type="checkbox"
                  aria-label={t('dataTable.selectPage')}
                  checked={table.getIsAllPageRowsSelected()}
                  ref={(input) => {
                    if (input) input.indeterminate = table.getIsSomePageRowsSelected();
                  }}
                  disabled={pageRows.length === 0}
                  onChange={(event) => table.toggleAllPageRowsSelected(event.currentTarget.checked)}
                />
              </th>
            );
          }
          const def = columnsById.get(column.id);
          const label = def?.header ?? column.id;
          const className = def?.numeric ? 'numeric' : undefined;
          if (!column.getCanSort() || !sortable) {
            return (
              <th key={header.id} scope="col" className={className}>
                {label}
              </th>
            );
          }
          const direction = column.getIsSorted();
          const ariaSort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
          return (
            <th key={header.id} scope="col" aria-sort={ariaSort} className={className}>
              <UnstyledButton className="data-table-sort" onClick={column.getToggleSortingHandler()}>
                {label}
                <span className="data-table-sort-icon" aria-hidden="true">
                  {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                </span>
              </UnstyledButton>
            </th>
          );
        })}
      </tr>
    </thead>
  );
};
