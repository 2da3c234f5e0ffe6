export { DataTable, DEFAULT_PAGE_SIZES, compareSortValues, type DataTableProps } from './DataTable';
export type {
  DataTableColumn,
  DataTableEmpty,
  DataTableFooter,
  DataTableMore,
  DataTableServerState,
  DataTableSort,
} from './types';
export { csvCell, downloadText, toCsv } from './csv';
export { useHiddenColumns } from './columnPreferences';
