import type { RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SELECT_COLUMN } from './tableFeatures';
import { useGridKeyboard } from './useGridKeyboard';
import type { DataTableState } from './useDataTableState';

interface BodyProps<T extends RowData> {
  state: DataTableState<T>;
  rowLabel?: (row: T) => string;
  /** Shown in one cell across the row while there are no rows (loading, empty). */
  message?: ReactNode;
}

/** The rows of the page, one grid for the keyboard (useGridKeyboard): cells, row headers, selection boxes. */
export const DataTableBody = <T extends RowData>({ state, rowLabel, message }: BodyProps<T>) => {
  const { t } = useTranslation();
  const { table, columnsById, selectable } = state;
  const pageRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const grid = useGridKeyboard(pageRows.length, visibleColumns.length, (index) => pageRows[index]?.toggleSelected());
  return (
    <tbody onKeyDown={grid.onKeyDown} onFocus={grid.onFocus}>
      {message && (
        <tr>
          <td colSpan={Math.max(visibleColumns.length, 1)} className="data-table-message">
            {message}
          </td>
        </tr>
      )}
      {pageRows.map((row, rowIndex) => (
        <tr key={row.id} aria-selected={selectable ? row.getIsSelected() : undefined}>
          {row.getVisibleCells().map((cell, colIndex) => {
            const gridProps = {
              'data-grid-row': rowIndex,
              'data-grid-col': colIndex,
              tabIndex: grid.tabIndexOf(rowIndex, colIndex),
            };
            if (cell.column.id === SELECT_COLUMN) {
              return (
                <td key={cell.id} className="data-table-select" {...gridProps}>
                  <input
                    type="checkbox"
                    tabIndex={-1}
                    aria-label={t('dataTable.selectRow', { name: rowLabel?.(row.original) ?? row.id })}
                    checked={row.getIsSelected()}
                    onChange={(event) => row.toggleSelected(event.currentTarget.checked)}
                  />
                </td>
              );
            }
            const def = columnsById.get(cell.column.id);
            const className = [def?.className, def?.numeric ? 'numeric' : '', def?.nowrap ? 'nowrap' : '']
              .filter(Boolean)
              .join(' ');
            const Cell = def?.rowHeader ? 'th' : 'td';
            return (
              <Cell
                key={cell.id}
                scope={def?.rowHeader ? 'row' : undefined}
                className={className || undefined}
                {...gridProps}
              >
                {def?.cell(row.original)}
              </Cell>
            );
          })}
        </tr>
      ))}
    </tbody>
  );
};
