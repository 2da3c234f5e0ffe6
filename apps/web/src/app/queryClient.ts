import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

/** Client errors (4xx) are answers, not glitches: retrying them only delays the message. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
