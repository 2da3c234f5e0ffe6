import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../routing';
import { parseContactsView, serializeContactsView, type ContactsView } from './contactsView';

/** The screen's view lives in the query string: reload, links and the back button keep it. */
export const useContactsView = () => {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => parseContactsView(params), [params]);
  const setView = useCallback(
    (next: ContactsView, options?: { replace?: boolean }) => setParams(serializeContactsView(next), options),
    [setParams],
  );
  return { view, setView };
};
