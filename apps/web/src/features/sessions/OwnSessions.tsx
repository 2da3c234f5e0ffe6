import { Group, Stack, Text } from '@mantine/core';
import { formatDateTime, routePath, type OwnSession } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { actionsColumn, DataTable, type DataTableColumn } from '../../components/data-table';
import { notifySuccess } from '../../api/notify';
import { QueryFallback } from '../../components/QueryFallback';
import { useNavigate } from '../../routing';
import { reportWriteError } from '../../api/writes';
import { endOwnSession, fetchOwnSessions, sessionKeys } from '../../api/sessions';
import { browserName } from './browserName';
import { StatusBadge } from '../../components/StatusBadge';

/**
 * The signed-in person's live sessions (docs/adr/0078-sessions-the-server-ends.md): where and since
 * when, the current one marked; any can be ended after a question, the current one by logging out.
 */
export const OwnSessions = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { store } = useSession();
  const navigate = useNavigate();
  const sessions = useQuery({ queryKey: sessionKeys.own, queryFn: ({ signal }) => fetchOwnSessions(signal) });
  const [ending, setEnding] = useState<OwnSession | null>(null);
  const end = useMutation({
    mutationFn: (session: OwnSession) => endOwnSession(session.id),
    onSuccess: (_ended, session) => {
      setEnding(null);
      notifySuccess(t('sessions.end'), t('sessions.ended'));
      if (session.current) {
        // The server ended it and cleared the cookie: this browser is logged out.
        store.logout();
        navigate(routePath('home'));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: sessionKeys.own });
    },
    onError: (error) => {
      setEnding(null);
      reportWriteError(error, t('sessions.end'), t);
      void queryClient.invalidateQueries({ queryKey: sessionKeys.own });
    },
  });
  const device = (session: OwnSession) =>
    session.userAgent ? (browserName(session.userAgent) ?? session.userAgent) : t('sessions.unknownDevice');
  const columns = useMemo(
    (): DataTableColumn<OwnSession>[] => [
      {
        id: 'device',
        header: t('sessions.columns.device'),
        cell: (session) => (
          <Group gap="xs" wrap="wrap">
            <Text span style={{ overflowWrap: 'anywhere' }}>
              {device(session)}
            </Text>
            {session.current && <StatusBadge color="green">{t('sessions.current')}</StatusBadge>}
          </Group>
        ),
        sortValue: device,
        rowHeader: true,
        hideable: false,
      },
      { id: 'ip', header: t('sessions.columns.ip'), cell: (session) => session.ip ?? '', sortValue: (s) => s.ip ?? '' },
      {
        id: 'createdAt',
        header: t('sessions.columns.createdAt'),
        cell: (session) => formatDateTime(session.createdAt),
        sortValue: (session) => session.createdAt,
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'renewedAt',
        header: t('sessions.columns.renewedAt'),
        cell: (session) => formatDateTime(session.renewedAt),
        sortValue: (session) => session.renewedAt,
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'expiresAt',
        header: t('sessions.columns.expiresAt'),
        cell: (session) => formatDateTime(session.expiresAt),
        sortValue: (session) => session.expiresAt,
        nowrap: true,
      },
      actionsColumn<OwnSession>(t('sessions.columns.actions'), [
        {
          label: t('sessions.end'),
          name: (session) => t('sessions.endLabel', { date: formatDateTime(session.createdAt) }),
          onClick: setEnding,
        },
      ]),
    ],
    // device reads t only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  if (!sessions.isSuccess) return <QueryFallback query={sessions} />;
  return (
    <Stack gap="md">
      <DataTable
        id="own-sessions"
        caption={t('routes.sessions')}
        columns={columns}
        rows={sessions.data.items}
        getRowId={(session) => session.id}
        rowLabel={(session) => device(session)}
        empty={{ title: t('sessions.empty') }}
        initialSort={{ id: 'renewedAt', desc: true }}
        countLabel={(count) => t('sessions.total', { count })}
        columnChooser={false}
      />
      <ConfirmDialog
        opened={ending !== null}
        title={t('sessions.confirmTitle')}
        text={
          ending?.current
            ? t('sessions.confirmCurrent')
            : t('sessions.confirmOther', { date: ending ? formatDateTime(ending.createdAt) : '' })
        }
        confirmLabel={t('sessions.end')}
        onConfirm={() => ending && end.mutate(ending)}
        onCancel={() => setEnding(null)}
        busy={end.isPending}
        danger
      />
    </Stack>
  );
};
