import type { RowData } from '@tanstack/react-table';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CardCell } from './DataTableCards';
import { SELECT_COLUMN } from './tableFeatures';
import type { DataTableFooter } from './types';
import type { DataTableState } from './useDataTableState';

// Rows become cards on phones only (ADR 0046); a desktop's first visit does not load their code.
const DataTableCards = lazy(() => import('./DataTableCards').then((module) => ({ default: module.DataTableCards })));

interface PhoneCardsProps<T extends RowData> {
  state: DataTableState<T>;
  caption: string;
  rowLabel?: (row: T) => string;
  footer?: DataTableFooter;
  /** Loading or empty: shown instead of the cards. */
  message?: ReactNode;
  loading: ReactNode;
}

/** A phone's rows: one card each, its cells labelled by their column (docs/adr/0046). */
export const DataTablePhoneCards = <T extends RowData>({
  state,
  caption,
  rowLabel,
  footer,
  message,
  loading,
}: PhoneCardsProps<T>) => {
  const { t } = useTranslation();
  const { table, columnsById, selectable } = state;
  const pageRows = table.getRowModel().rows;
  const cardCell = (columnId: string, value: ReactNode): CardCell => {
    const def = columnsById.get(columnId);
    return { id: columnId, label: def?.header ?? columnId, value, numeric: def?.numeric };
  };
  return (
    <Suspense fallback={loading}>
      <DataTableCards
        caption={caption}
        message={message}
        rows={pageRows.map((row) => ({
          id: row.id,
          cells: row
            .getVisibleCells()
            .filter((cell) => cell.column.id !== SELECT_COLUMN)
            .map((cell) => cardCell(cell.column.id, columnsById.get(cell.column.id)?.cell(row.original))),
          selection: selectable
            ? {
                label: t('dataTable.selectRow', { name: rowLabel?.(row.original) ?? row.id }),
                selected: row.getIsSelected(),
                toggle: (value: boolean) => row.toggleSelected(value),
              }
            : undefined,
        }))}
        footer={
          footer && pageRows.length > 0
            ? {
                label: footer.label,
                cells: table
                  .getVisibleLeafColumns()
                  .filter((column) => column.id in footer.cells)
                  .map((column) => cardCell(column.id, footer.cells[column.id])),
              }
            : undefined
        }
      />
    </Suspense>
  );
};
