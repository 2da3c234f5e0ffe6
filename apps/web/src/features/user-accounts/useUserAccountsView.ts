import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../routing';
import { parseUserAccountsView, serializeUserAccountsView, type UserAccountsView } from './userAccountsView';

/** The screen's view lives in the query string: reload, links and the back button keep it. */
export const useUserAccountsView = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseUserAccountsView(params), [params]);
  const setView = useCallback(
    (next: UserAccountsView, options?: { replace?: boolean }) => setParams(serializeUserAccountsView(next), options),
    [setParams],
  );
  return { view, setView };
};
