import type { VoDetails } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { voKeys } from './api';

/**
 * After a write: the answer is the VO as it is now (into the cache, so the screen follows without
 * a second call); its history and the lists have changed. `reload` reads the VO again after a
 * conflict: someone else changed it, and the screen shows their version (ADR 19).
 */
export const useVoCache = (id: string | undefined) => {
  const queryClient = useQueryClient();
  const store = useCallback(
    (next: VoDetails) => {
      queryClient.setQueryData(voKeys.detail(next.id), next);
      void queryClient.invalidateQueries({ queryKey: voKeys.history(next.id) });
      void queryClient.invalidateQueries({ queryKey: ['vos', 'list'] });
    },
    [queryClient],
  );
  const reload = useCallback(() => {
    if (!id) return;
    void queryClient.invalidateQueries({ queryKey: voKeys.detail(id) });
  }, [queryClient, id]);
  return { store, reload };
};
