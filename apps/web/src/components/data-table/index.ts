export { DataTable, DEFAULT_PAGE_SIZES, compareSortValues, type DataTableProps } from './DataTable';
export type {
  DataTableAction,
  DataTableColumn,
  DataTableEmpty,
  DataTableFooter,
  DataTableMore,
  DataTableServerState,
  DataTableSort,
} from './types';
export { listExports, type DataTableExports } from './exports';
export { useHiddenColumns } from './columnPreferences';
