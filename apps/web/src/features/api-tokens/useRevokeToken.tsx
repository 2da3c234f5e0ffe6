import type { ApiToken } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { ConfirmDialog } from '../../components/ConfirmDialog';

interface Options<T extends ApiToken> {
  /** The route that revokes (the owner's or the portal manager's). */
  revoke: (token: T) => Promise<unknown>;
  /** Reload the list after the answer, whichever it was. */
  refresh: () => void;
  /** The question's text for this token. */
  text: (token: T) => string;
}

/** "Revoke" asks first; the answer is told and the list reloaded. Both token lists use it. */
export const useRevokeToken = <T extends ApiToken>({ revoke, refresh, text }: Options<T>) => {
  const { t } = useTranslation();
  const [revoking, setRevoking] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: revoke,
    onSuccess: () => {
      setRevoking(null);
      notifySuccess(t('apiTokens.revoke'), t('apiTokens.revokedNotice'));
      refresh();
    },
    onError: (error) => {
      setRevoking(null);
      reportWriteError(error, t('apiTokens.revoke'), t);
      refresh();
    },
  });
  const dialog: ReactNode = (
    <ConfirmDialog
      opened={revoking !== null}
      title={t('apiTokens.confirmTitle')}
      text={revoking ? text(revoking) : ''}
      confirmLabel={t('apiTokens.revoke')}
      onConfirm={() => revoking && mutation.mutate(revoking)}
      onCancel={() => setRevoking(null)}
      busy={mutation.isPending}
      danger
    />
  );
  return { ask: setRevoking, dialog };
};
