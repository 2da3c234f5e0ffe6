import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../routing';
import { parseFieldListView, serializeFieldListView, type FieldListView } from './fieldListQuery';

/** The field list's view lives in the page's query string: reload, links and back button keep it. */
export const useFieldListView = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseFieldListView(params), [params]);
  const setView = useCallback(
    (next: FieldListView, options: { replace?: boolean } = {}) =>
      setParams(serializeFieldListView(next), { replace: options.replace ?? false }),
    [setParams],
  );
  return { view, setView };
};
