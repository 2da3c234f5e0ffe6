import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';
import { loginStatusKeys } from '../auth/loginStatusKeys';

/**
 * Client errors (4xx) are answers, not glitches: retrying them only delays the message. A 403
 * may mean a role was taken meanwhile: the login status is read again (auth/LoginStatusSync.tsx),
 * so the menus and guards follow the server.
 */
export const createQueryClient = () => {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.status === 403) void client.invalidateQueries({ queryKey: loginStatusKeys.all });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
};
