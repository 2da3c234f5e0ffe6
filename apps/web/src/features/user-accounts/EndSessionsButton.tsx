import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { UserAccount } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifySuccess } from '../../api/notify';
import { endUserSessions } from '../../api/sessions';
import { reportWriteError } from '../../api/writes';

/**
 * The portal manager ends every session of the account, after a question that names the effect
 * (docs/adr/0078-sessions-the-server-ends.md); `onEnded` reloads the account (its audit events).
 */
export const EndSessionsButton = ({ account, onEnded }: { account: UserAccount; onEnded: () => void }) => {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const name = account.fullname || account.username;
  const end = useMutation({
    mutationFn: () => endUserSessions(account.id),
    onSuccess: ({ ended }) => {
      setAsking(false);
      notifySuccess(t('userAccounts.endSessions.button'), t('userAccounts.endSessions.done', { count: ended, name }));
      onEnded();
    },
    onError: (error) => {
      setAsking(false);
      reportWriteError(error, t('userAccounts.endSessions.button'), t);
    },
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="user-sessions">
      <Title order={2} size="h4" id="user-sessions">
        {t('userAccounts.endSessions.title')}
      </Title>
      <Text size="sm">{t('userAccounts.endSessions.description')}</Text>
      <Group>
        <Button color="red" variant="light" onClick={() => setAsking(true)}>
          {t('userAccounts.endSessions.button')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('userAccounts.endSessions.confirmTitle', { name })}
        text={t('userAccounts.endSessions.confirm', { name })}
        confirmLabel={t('userAccounts.endSessions.confirmButton')}
        onConfirm={() => end.mutate()}
        onCancel={() => setAsking(false)}
        busy={end.isPending}
        danger
      />
    </Stack>
  );
};
