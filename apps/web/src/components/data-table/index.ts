export { DataTable, type DataTableProps } from './DataTable';
export { DEFAULT_PAGE_SIZES, compareSortValues } from './tableFeatures';
export type * from './types';
export { listExports, type DataTableExports } from './exports';
export { useHiddenColumns } from './columnPreferences';
export { actionsColumn, type RowAction } from './actionsColumn';
