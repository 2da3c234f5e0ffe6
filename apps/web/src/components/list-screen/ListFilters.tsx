import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../FilterBar';
import { SearchBox } from '../SearchBox';
import type { PagedView } from './listView';
import type { UrlView } from './useListScreen';
import { ViewSelect, type ViewFilter } from './ViewSelect';

export interface ListFiltersProps<V extends PagedView & { q?: string }> {
  url: UrlView<V>;
  /** Names the search landmark (default "Search and filters"). */
  label?: string;
  /** The search box over the view's `q`. */
  search?: { label: string; description?: string };
  /** The filters as data, one select each in this order; `false` leaves one out (a filter only some lists have). */
  filters?: readonly (ViewFilter<V> | false)[];
  /** The list's own pickers, after the filters. */
  children?: ReactNode;
}

/** A list's search and filters over its view in the URL; each change starts on page 1, the reset clears them all. */
export const ListFilters = <V extends PagedView & { q?: string }>({
  url,
  label,
  search,
  filters = [],
  children,
}: ListFiltersProps<V>) => {
  const { t } = useTranslation();
  const { view, setView, codec } = url;
  const q = view.q ?? '';
  return (
    <FilterBar
      label={label ?? t('portfolio.filtersLabel')}
      onReset={codec.isFiltered(view) ? () => setView(codec.cleared(view)) : undefined}
      active={codec.activeFilters(view)}
      search={
        search && (
          <SearchBox
            label={search.label}
            description={search.description}
            value={q}
            // Refining a search replaces its history step; starting or clearing one adds a step.
            onCommit={(next) => setView(codec.change(view, { q: next } as Partial<V>), { replace: Boolean(next && q) })}
          />
        )
      }
    >
      {filters.map((filter) => filter && <ViewSelect key={filter.name} url={url} {...filter} />)}
      {children}
    </FilterBar>
  );
};
