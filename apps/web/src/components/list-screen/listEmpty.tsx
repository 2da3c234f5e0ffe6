import { Button } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { DataTableEmpty } from '../data-table';

/** What an empty list says in its own words: no rows at all, or none under the search and filters. */
export interface ListEmpty {
  title: string;
  hint?: string;
  action?: ReactNode;
}

interface EmptyCase {
  t: TFunction;
  empty: ListEmpty;
  /** Defaults to the title of `empty`; a button that clears the filters is added. */
  emptyFiltered?: ListEmpty;
  filtered: boolean;
  /** The server counts rows, but not on this page: an old link, rows gone meanwhile. */
  pastEnd: boolean;
  toFirstPage: () => void;
  clearFilters: () => void;
}

/** Why the list is empty and what to do about it: back to page 1, clear the filters, or the list's own step. */
export const listEmpty = ({
  t,
  empty,
  emptyFiltered,
  filtered,
  pastEnd,
  toFirstPage,
  clearFilters,
}: EmptyCase): DataTableEmpty => {
  if (pastEnd)
    return {
      title: t('dataTable.services.pastEnd'),
      hint: t('dataTable.services.pastEndHint'),
      action: (
        <Button variant="default" onClick={toFirstPage}>
          {t('dataTable.services.toFirstPage')}
        </Button>
      ),
    };
  if (!filtered) return empty;
  return {
    title: emptyFiltered?.title ?? empty.title,
    hint: emptyFiltered?.hint,
    action: (
      <Button variant="default" onClick={clearFilters}>
        {t('dataTable.clearFilters')}
      </Button>
    ),
  };
};
