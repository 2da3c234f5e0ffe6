import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const MIN_QUERY = 2;

/** A search on the server: the query's cache key and the call. */
export interface SearchSource<T> {
  key: (q: string) => readonly unknown[];
  search: (q: string, signal?: AbortSignal) => Promise<{ items: readonly T[] }>;
}

/** What a screen gives a search select besides the search itself. */
export interface SearchSelectFieldProps {
  label: string;
  description?: ReactNode;
  /** The picked item's id, or null. */
  value: string | null;
  onBlur?: () => void;
  error?: ReactNode;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  style?: CSSProperties;
  /** Width, responsive like Mantine's (a filter bar is full width on a phone). */
  w?: SelectProps['w'];
}

export interface SearchSelectProps<T extends { id: string }> extends SearchSelectFieldProps {
  /** Who or what `value` is, when known (the answer's refs), so its label shows before any search. */
  known?: T | null;
  onChange: (item: T | null) => void;
  source: SearchSource<T>;
  labelOf: (item: T) => string;
  /** Which of the server's matches are offered; all by default. */
  offers?: (item: T) => boolean;
}

/**
 * Picks one item the server finds (from two characters on). The server does the matching, so the
 * list is shown as it comes; the picked item stays offered while other words are searched.
 */
export const SearchSelect = <T extends { id: string }>({
  label,
  value,
  known,
  onChange,
  onBlur,
  source,
  labelOf,
  offers,
  ...rest
}: SearchSelectProps<T>) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<T | null>(known ?? null);
  const [search, setSearch] = useState('');
  const selected = value === null ? null : picked?.id === value ? picked : known?.id === value ? known : null;
  const query = search.trim();
  // While the input shows the picked item, its label is not a search.
  const searching = query.length >= MIN_QUERY && (!selected || query !== labelOf(selected));
  const [debounced] = useDebouncedValue(query, 250);
  const results = useQuery({
    queryKey: source.key(debounced),
    queryFn: ({ signal }) => source.search(debounced, signal),
    enabled: searching && debounced.length >= MIN_QUERY,
    staleTime: 30_000,
  });

  const items = useMemo(() => {
    const byId = new Map<string, T>();
    if (selected) byId.set(selected.id, selected);
    if (searching) for (const item of results.data?.items ?? []) if (!offers || offers(item)) byId.set(item.id, item);
    return byId;
  }, [selected, searching, results.data, offers]);

  const data = useMemo(
    () => [...items.values()].map((item) => ({ value: item.id, label: labelOf(item) })),
    [items, labelOf],
  );

  return (
    <Select
      {...rest}
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('serviceView.clearPick', { label }) }}
      data={data}
      value={selected ? selected.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={onBlur}
      // The server matched already (also by what the label does not show).
      filter={({ options }) => options}
      nothingFoundMessage={
        query.length < MIN_QUERY
          ? t('validation.searchTooShort')
          : results.isFetching
            ? t('page.loading')
            : t('serviceView.noMatches')
      }
      onChange={(id) => {
        const item = id ? (items.get(id) ?? null) : null;
        setPicked(item);
        onChange(item);
      }}
      comboboxProps={{ transitionProps: { duration: 0 } }}
    />
  );
};
