import { Button, Group, Stack } from '@mantine/core';
import type { ApiToken, CreatedApiToken } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiTokenKeys, fetchOwnApiTokens, revokeOwnApiToken } from '../../api/api-tokens';
import { notifySuccess } from '../../api/notify';
import { DataTable } from '../../components/data-table';
import { QueryFallback } from '../../components/QueryFallback';
import { apiTokenColumns } from './apiTokenColumns';
import { CreateApiTokenModal } from './CreateApiTokenModal';
import { NewTokenNotice } from './NewTokenNotice';
import { useRevokeToken } from './useRevokeToken';

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
  const refresh = () => void queryClient.invalidateQueries({ queryKey: apiTokenKeys.own });
  const revoking = useRevokeToken({
    revoke: (token: ApiToken) => revokeOwnApiToken(token.id),
    refresh,
    text: (token) => t('apiTokens.confirmText', { name: token.name }),
  });
  const { ask } = revoking;
  const columns = useMemo(
    () =>
      apiTokenColumns<ApiToken>(t, {
        revoke: { label: (token) => t('apiTokens.revokeLabel', { name: token.name }), onClick: ask },
      }),
    [t, ask],
  );
  if (!tokens.isSuccess) return <QueryFallback query={tokens} />;
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
      {revoking.dialog}
    </Stack>
  );
};
