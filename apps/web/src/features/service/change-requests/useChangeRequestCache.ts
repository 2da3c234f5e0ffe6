import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { serviceKeys } from '../../../api/services';
import { changeRequestKeys } from './api';

/**
 * After a step: the request's lists and the service are stale (applying writes the service's
 * fields and history; a hand-in locks the form).
 */
export const useChangeRequestCache = () => {
  const queryClient = useQueryClient();
  const changed = useCallback(
    (serviceId: string) => {
      void queryClient.invalidateQueries({ queryKey: changeRequestKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(serviceId) });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(serviceId) });
    },
    [queryClient],
  );
  return { changed };
};
