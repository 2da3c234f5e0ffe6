import type { ReactNode } from 'react';
import type { DataTableExports } from './exports';

/** A value a client-side list sorts by: text by the reader's collation, numbers and dates by size. */
export type SortValue = string | number | null | undefined;

/**
 * One column of a DataTable. The table library's own column type stays inside the component, so
 * the features describe their lists in these few words.
 */
export interface DataTableColumn<T> {
  /** Stable id: the sort key in server mode, and what the column chooser remembers. */
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /**
   * Client mode: the value the column sorts by; a column without one does not sort.
   * Server mode: any function marks the column sortable (the server sorts by `id`).
   */
  sortValue?: (row: T) => SortValue;
  /** Dates and scores read best newest/highest first; text starts at A (the default). */
  sortDescFirst?: boolean;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** Dates and ids keep to one line. */
  nowrap?: boolean;
  /** The column chooser may hide it (default true; the column that names the row should say false). */
  hideable?: boolean;
  /** Hidden until the person shows it in the column chooser. */
  hiddenByDefault?: boolean;
  /**
   * The cell names its row (a criterion, a person): a row header (`th scope="row"`), so screen
   * readers announce it with the row's other cells.
   */
  rowHeader?: boolean;
  className?: string;
}

/**
 * A summary row under the body, e.g. a total: a row header with the label spans the visible
 * columns before the first one with a value; the other visible columns show their value or stay
 * empty. It sums whatever the caller says (all rows, not only the page on screen).
 */
export interface DataTableFooter {
  label: ReactNode;
  /** Values by column id. */
  cells: Readonly<Partial<Record<string, ReactNode>>>;
  /** Screen readers announce a changed value (a total that follows edits in the rows). */
  live?: boolean;
}

/** The sort a server-side list asks for; null for the list's own order. */
export interface DataTableSort {
  id: string;
  desc: boolean;
}

/**
 * A stream the server hands out a page at a time (docs/adr/0074-paged-streams.md): the table shows
 * every row loaded so far, without its own pager, and a button under the rows loads the next page.
 */
export interface DataTableMore {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  /** The button's text (default "Load more"). */
  label?: string;
  /** All rows of the stream on the server, when it says: the count line reads "Showing 1–50 of 250". */
  total?: number;
}

/** What an empty list says: why it is empty and what to do about it. */
export interface DataTableEmpty {
  title: string;
  hint?: string;
  /** A button or link that leads somewhere useful: clear the filters, start something new. */
  action?: ReactNode;
}

/** Sorting and paging that the server does; the table only shows and asks. */
export interface DataTableServerState {
  sort: DataTableSort | null;
  onSortChange: (sort: DataTableSort) => void;
  /** 1-based, as the URL and the API count. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** All rows of the list on the server (for the counts and the pager). */
  total: number;
  /** False when `total` is a lower bound (a broad search counted only so far): "more than", and a page beyond. */
  totalExact?: boolean;
  /** With totalExact false: `total` is the database's estimate, not a lower bound ("about"). */
  totalEstimated?: boolean;
}

/**
 * A control of the list's own toolbar beside its exports: a button, or a link when it has an
 * address (a download). A desktop shows them as buttons; a phone folds them and the exports into
 * one menu (docs/adr/0090-one-row-header-and-compact-toolbars.md).
 */
export interface DataTableAction {
  key: string;
  label: string;
  onClick?: () => void;
  /** A download's address: the action is a link that downloads it. */
  href?: string;
  disabled?: boolean;
  /** `primary`: the list's main step, filled; `danger`: one that removes something, red. Else a default button. */
  emphasis?: 'primary' | 'danger';
}

/** What a toolbar offers besides Columns, as buttons on a desktop and as a menu on a phone. */
export interface ToolbarItems {
  exports?: DataTableExports;
  actions?: readonly DataTableAction[];
}
