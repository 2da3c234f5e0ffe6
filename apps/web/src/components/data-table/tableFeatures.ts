import {
  columnVisibilityFeature,
  createPaginatedRowModel,
  createSortedRowModel,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  type SortFn,
} from '@tanstack/react-table';
import type { SortValue } from './types';

export const DEFAULT_PAGE_SIZES: readonly number[] = [25, 50, 100];
/** The checkbox column of a table whose rows are selectable. */
export const SELECT_COLUMN = '__select';

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Client-side order of two sort values: empty values last, text by collation, numbers by size. */
export const compareSortValues = (a: SortValue, b: SortValue): number => {
  const aEmpty = a === null || a === undefined || a === '';
  const bEmpty = b === null || b === undefined || b === '';
  if (aEmpty || bEmpty) return aEmpty === bEmpty ? 0 : aEmpty ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
};

// The library's sort functions take rows of any table; this one reads the column's sort value.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const bySortValue: SortFn<any, any> = (a, b, columnId) =>
  compareSortValues(a.getValue<SortValue>(columnId), b.getValue<SortValue>(columnId));

/** What the headless table does for every DataTable: sort, page, select, hide columns. */
export const features = tableFeatures({
  rowSortingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  columnVisibilityFeature,
  sortedRowModel: createSortedRowModel(),
  paginatedRowModel: createPaginatedRowModel(),
  sortFns: { sortValue: bySortValue },
});
export type Features = typeof features;
