import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../routing';
import { parseListFilters, serializeListFilters, type ListFilters, type ListSource } from './listQuery';

export interface ListFiltersState {
  filters: ListFilters;
  /** Writes the filters into the URL; `replace` for refinements that should not add a history step. */
  setFilters: (next: ListFilters, options?: { replace?: boolean }) => void;
}

/** The list's filters live in the page's query string: reload, links and back button keep the view. */
export const useListFilters = (source: ListSource): ListFiltersState => {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseListFilters(params, source), [params, source]);
  const setFilters = useCallback(
    (next: ListFilters, options: { replace?: boolean } = {}) => {
      setParams(serializeListFilters(next, source), { replace: options.replace ?? false });
    },
    [setParams, source],
  );
  return { filters, setFilters };
};
