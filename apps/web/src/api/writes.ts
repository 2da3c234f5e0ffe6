import type { ServiceDetail } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { isApiError } from './client';
import { notifyError } from './notify';
import { serviceKeys } from './services';

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
  /** `conflict`: someone else changed the service (or its state moved on); the caller reloads it. */
  onConflict?: () => void;
  /**
   * Said instead of the server's message on a conflict, by a screen whose write has one reason to
   * answer 409 and that says what it did about it (the form shows the current state).
   */
  conflictMessage?: string;
  /** `invalid_input` with fields: the server's messages per field, already translated. */
  onFields?: (fields: Record<string, string>) => void;
}

/**
 * What a failed write means for the screen, decided by the error shape's code (ADR 19), never by
 * the HTTP status: `silent` (the session's business: the shell logs out and goes to the login
 * page), `message` (the server's translated message; conflicts reload, field errors go to the
 * form) or `unexpected` (the server or the network failed: a generic "try again").
 */
export type WriteErrorOutcome =
  | { kind: 'silent' }
  | { kind: 'message'; message: string; conflict: boolean; fields: Record<string, string> | null }
  | { kind: 'unexpected' };

const UNEXPECTED_CODES: ReadonlySet<string> = new Set(['internal_error', 'unavailable', 'network_error']);

export const writeErrorOutcome = (error: unknown): WriteErrorOutcome => {
  if (!isApiError(error)) return { kind: 'unexpected' };
  if (error.code === 'unauthorized') return { kind: 'silent' };
  if (UNEXPECTED_CODES.has(error.code)) return { kind: 'unexpected' };
  // forbidden, not_found, payload_too_large, too_many_requests, … and codes a newer server adds:
  // the message is already in the user's language.
  const fields =
    error.code === 'invalid_input' && error.fields && Object.keys(error.fields).length > 0 ? error.fields : null;
  return { kind: 'message', message: error.message, conflict: error.code === 'conflict', fields };
};

/**
 * The one way a failed write is reported (every `useMutation`'s onError goes through here): the
 * server's message under the screen's title, then the conflict reload or the field messages.
 */
export const reportWriteError = (
  error: unknown,
  title: string,
  t: TFunction,
  { onConflict, conflictMessage, onFields }: WriteErrorHandlers = {},
): void => {
  const outcome = writeErrorOutcome(error);
  if (outcome.kind === 'silent') return;
  if (outcome.kind === 'unexpected') {
    console.error('Service write failed', error);
    notifyError(t('notifications.somethingWentWrong'), t('notifications.tryAgain'));
    return;
  }
  notifyError(title, outcome.conflict && conflictMessage ? conflictMessage : outcome.message);
  if (outcome.conflict) onConflict?.();
  if (outcome.fields) onFields?.(outcome.fields);
};
