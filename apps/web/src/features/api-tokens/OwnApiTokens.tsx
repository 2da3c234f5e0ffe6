import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, type ApiToken, type CreatedApiToken } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiTokenKeys, fetchOwnApiTokens, revokeOwnApiToken } from '../../api/api-tokens';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageLoader } from '../../components/PageLoader';
import { CreateApiTokenModal } from './CreateApiTokenModal';
import { NewTokenNotice } from './NewTokenNotice';

type Status = 'active' | 'expired' | 'revoked';

const statusOf = (token: ApiToken): Status =>
  token.revokedAt ? 'revoked' : Date.parse(token.expiresAt) <= Date.now() ? 'expired' : 'active';

const STATUS_COLOURS: Record<Status, string> = { active: 'green', expired: 'gray', revoked: 'red' };

/**
 * The person's API tokens (docs/adr/0113-personal-api-tokens.md): create one (shown once), the
 * list with prefix, scopes, expiry and last use, and revoking after a question.
 */
export const OwnApiTokens = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokenKeys.own, queryFn: ({ signal }) => fetchOwnApiTokens(signal) });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.own });
  const revoke = useMutation({
    mutationFn: (token: ApiToken) => revokeOwnApiToken(token.id),
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
  const columns = useMemo((): DataTableColumn<ApiToken>[] => {
    return [
      {
        id: 'name',
        header: t('apiTokens.columns.name'),
        cell: (token) => token.name,
        sortValue: (token) => token.name,
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'prefix',
        header: t('apiTokens.columns.prefix'),
        cell: (token) => <Text span ff="monospace">{`${token.prefix}…`}</Text>,
        nowrap: true,
      },
      {
        id: 'scopes',
        header: t('apiTokens.columns.scopes'),
        cell: (token) => (
          <Group gap={4} wrap="wrap">
            {token.scopes.map((scope) => (
              <Badge
                key={scope}
                variant="light"
                tt="none"
                c="bright"
                title={t(`apiTokens.scopeNames.${scope}`, { nsSeparator: false })}
              >
                {scope}
              </Badge>
            ))}
          </Group>
        ),
      },
      {
        id: 'status',
        header: t('apiTokens.columns.status'),
        cell: (token) => {
          const status = statusOf(token);
          return (
            <Badge variant="light" color={STATUS_COLOURS[status]} c="bright" tt="none" miw="max-content">
              {t(`apiTokens.${status}`)}
            </Badge>
          );
        },
        sortValue: (token) => statusOf(token),
      },
      {
        id: 'expiresAt',
        header: t('apiTokens.columns.expiresAt'),
        cell: (token) => formatDateTime(token.expiresAt),
        sortValue: (token) => token.expiresAt,
        nowrap: true,
      },
      {
        id: 'lastUsedAt',
        header: t('apiTokens.columns.lastUsedAt'),
        cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.neverUsed')),
        sortValue: (token) => token.lastUsedAt ?? '',
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'actions',
        header: t('apiTokens.columns.actions'),
        cell: (token) =>
          statusOf(token) === 'active' ? (
            <Button
              size="compact-sm"
              variant="default"
              aria-label={t('apiTokens.revokeLabel', { name: token.name })}
              onClick={() => setRevoking(token)}
            >
              {t('apiTokens.revoke')}
            </Button>
          ) : null,
        hideable: false,
      },
    ];
  }, [t]);
  if (tokens.isPending) return <PageLoader />;
  if (tokens.isError)
    return (
      <Text role="alert" fw={600}>
        {tokens.error.message}
      </Text>
    );
  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setCreating(true)}>{t('apiTokens.create')}</Button>
      </Group>
      <DataTable
        id="own-api-tokens"
        caption={t('routes.apiTokens')}
        columns={columns}
        rows={tokens.data.items}
        getRowId={(token) => token.id}
        rowLabel={(token) => token.name}
        empty={{ title: t('apiTokens.empty') }}
        countLabel={(count) => t('apiTokens.total', { count })}
        columnChooser={false}
      />
      <CreateApiTokenModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
          notifySuccess(t('apiTokens.create'), t('apiTokens.createdNotice'));
          refresh();
        }}
      />
      <NewTokenNotice created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title={t('apiTokens.confirmTitle')}
        text={t('apiTokens.confirmText', { name: revoking?.name ?? '' })}
        confirmLabel={t('apiTokens.revoke')}
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onCancel={() => setRevoking(null)}
        busy={revoke.isPending}
        danger
      />
    </Stack>
  );
};
