import type { ServiceDetail } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { isApiError } from '../../api/client';
import { notifyError } from '../../app/notify';
import { serviceKeys } from './api';

/** After a write: the answer is the service as it is now; its history has one more entry. */
export const useServiceCache = (id: string | undefined) => {
  const queryClient = useQueryClient();
  const store = useCallback(
    (next: ServiceDetail) => {
      queryClient.setQueryData(serviceKeys.detail(next.id), next);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(next.id) });
    },
    [queryClient],
  );
  const reload = useCallback(() => {
    if (!id) return;
    void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(id) });
    void queryClient.invalidateQueries({ queryKey: serviceKeys.history(id) });
  }, [queryClient, id]);
  return { store, reload };
};

export interface WriteErrorHandlers {
  /** 409: someone else changed the service (or its state moved on); the caller reloads it. */
  onConflict?: () => void;
  /** 400 with fields: the server's messages per field, already translated. */
  onFields?: (fields: Record<string, string>) => void;
}

/**
 * The one way a failed write is reported: the server's (translated) message under the screen's
 * title. A 401 is the session's business (the shell logs out and goes to the login page).
 */
export const reportWriteError = (
  error: unknown,
  title: string,
  t: TFunction,
  { onConflict, onFields }: WriteErrorHandlers = {},
): void => {
  if (isApiError(error) && error.status === 401) return;
  if (isApiError(error) && error.status >= 400 && error.status < 500) {
    notifyError(title, error.message);
    if (error.status === 409) onConflict?.();
    if (error.status === 400 && error.fields && Object.keys(error.fields).length > 0) onFields?.(error.fields);
    return;
  }
  console.error('Service write failed', error);
  notifyError(t('notifications.somethingWentWrong'), t('notifications.tryAgain'));
};
