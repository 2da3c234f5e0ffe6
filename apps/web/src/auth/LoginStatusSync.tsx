import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from '../routing';
import { useSession } from './SessionProvider';
import { loginStatusKeys } from './loginStatusKeys';

/**
 * Re-reads the login status from the server (GET /api/session) at the start, after every route
 * change and after any 403 (the query client's caches invalidate it, app/queryClient.ts), and
 * stores it: roles given or taken in User Accounts reach the menus and the guards without a new
 * login (docs/domain.md#sessions). A failed read changes nothing; a 401 ends the session in the
 * API client.
 */
export const LoginStatusSync = () => {
  const { session, store } = useSession();
  const queryClient = useQueryClient();
  const { pathname, search } = useLocation();
  const username = session?.username;
  const status = useQuery({
    queryKey: loginStatusKeys.of(username ?? ''),
    queryFn: store.readStatus,
    enabled: username !== undefined,
    staleTime: 0,
    retry: false,
  });

  useEffect(() => {
    if (status.data) store.applyStatus(status.data);
  }, [status.data, store]);

  // The first render's read is the query's own; every later route change reads again.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient.invalidateQueries({ queryKey: loginStatusKeys.all });
  }, [pathname, search, queryClient]);

  return null;
};
