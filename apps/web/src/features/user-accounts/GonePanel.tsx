import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { can, formatDateTime, routePath, type UserAccount } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { principalOf } from '../../auth/principal';
import { useSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Link } from '../../routing';
import { bringUserBack } from './api';
import { MarkGoneModal } from './MarkGoneModal';

/** The handover of one person's items (docs/adr/0123-people-who-leave.md). */
export const handoverHref = (userId: string) => `${routePath('handover')}?user=${encodeURIComponent(userId)}`;

/**
 * Whether the person has left: the portal manager marks them gone (with a reason) or brings them
 * back; once gone, who and why, and the way to the handover of what they hold.
 */
export const GonePanel = ({ account, onChanged }: { account: UserAccount; onChanged: () => void }) => {
  const { t } = useTranslation();
  const { session } = useSession();
  const [marking, setMarking] = useState(false);
  const [asking, setAsking] = useState(false);
  const name = account.fullname || account.username;
  const back = useMutation({
    mutationFn: () => bringUserBack(account.id, { version: account.version }),
    onSuccess: () => {
      setAsking(false);
      notifySuccess(t('userAccounts.gone.bringBack'), t('userAccounts.gone.broughtBack', { name }));
      onChanged();
    },
    onError: (error) => {
      setAsking(false);
      reportWriteError(error, t('userAccounts.gone.bringBack'), t);
    },
  });
  const { gone } = account;
  return (
    <Stack gap="xs" component="section" aria-labelledby="user-gone">
      <Title order={2} size="h4" id="user-gone">
        {t('userAccounts.gone.title')}
      </Title>
      {gone ? (
        <>
          <Group gap="xs">
            <Badge color="red" variant="light">
              {t('userAccounts.gone.badge')}
            </Badge>
            <Text size="sm">{t('userAccounts.gone.since', { date: formatDateTime(gone.at) })}</Text>
          </Group>
          <Text size="sm">
            {gone.source === 'claims'
              ? t('userAccounts.gone.byClaims')
              : t('userAccounts.gone.byManager', { name: gone.byName ?? '—' })}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('userAccounts.gone.reasonShown', { reason: gone.reason })}
          </Text>
          <Group>
            {can(principalOf(session), 'user.handover') && (
              <Anchor component={Link} to={handoverHref(account.id)}>
                {t('userAccounts.gone.handover', { name })}
              </Anchor>
            )}
            {account.canMarkGone && (
              <Button variant="default" onClick={() => setAsking(true)}>
                {t('userAccounts.gone.bringBack')}
              </Button>
            )}
          </Group>
        </>
      ) : (
        <>
          <Text size="sm">{t('userAccounts.gone.description')}</Text>
          <Group>
            <Button color="red" variant="light" onClick={() => setMarking(true)}>
              {t('userAccounts.gone.button')}
            </Button>
          </Group>
        </>
      )}
      <MarkGoneModal opened={marking} account={account} onClose={() => setMarking(false)} onSaved={onChanged} />
      <ConfirmDialog
        opened={asking}
        title={t('userAccounts.gone.bringBackTitle', { name })}
        text={t('userAccounts.gone.bringBackText', { name })}
        confirmLabel={t('userAccounts.gone.bringBack')}
        onConfirm={() => back.mutate()}
        onCancel={() => setAsking(false)}
        busy={back.isPending}
      />
    </Stack>
  );
};
