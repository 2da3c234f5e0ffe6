import { Button, Stack, Text } from '@mantine/core';
import type { OwnedApiToken } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiTokenKeys, fetchAllApiTokens, revokeAnyApiToken } from '../../api/api-tokens';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FilterBar } from '../../components/FilterBar';
import { FilterSelect } from '../../components/FilterSelect';
import { QueryFallback } from '../../components/QueryFallback';
import { useSearchParams } from '../../routing';
import { apiTokenColumns, TOKEN_STATUSES, tokenStatus, type TokenStatus } from './apiTokenColumns';
import { useRevokeToken } from './useRevokeToken';

const ownerName = (token: OwnedApiToken) => `${token.owner.fullname} (${token.owner.username})`;

/**
 * Every API token of the portal for the portal manager (docs/adr/0113-personal-api-tokens.md), in
 * the Admin Panel: the owner beside the columns of the profile's list, filtered by state and owner
 * (in the address beside the tab), and "Revoke" after a question. The server holds the right.
 */
export const AllApiTokensSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tokens = useQuery({ queryKey: apiTokenKeys.all, queryFn: ({ signal }) => fetchAllApiTokens(signal) });
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state = TOKEN_STATUSES.find((status) => status === asked) ?? null;
  const owner = params.get('owner') || null;
  const setFilters = (next: { state: TokenStatus | null; owner: string | null }) =>
    setParams(
      {
        tab: 'apiTokens',
        ...(next.state ? { state: next.state } : {}),
        ...(next.owner ? { owner: next.owner } : {}),
      },
      { replace: true },
    );

  const revoking = useRevokeToken({
    revoke: (token: OwnedApiToken) => revokeAnyApiToken(token.id),
    refresh: () => void queryClient.invalidateQueries({ queryKey: ['api-tokens'] }),
    text: (token) => t('apiTokens.confirmOwnedText', { name: token.name, owner: ownerName(token) }),
  });
  const { ask } = revoking;
  const columns = useMemo(() => {
    const ownerColumn: DataTableColumn<OwnedApiToken> = {
      id: 'owner',
      header: t('apiTokens.columns.owner'),
      cell: (token) => (
        <Stack gap={0}>
          <Text span inherit>
            {token.owner.fullname}
          </Text>
          <Text span size="sm" c="dimmed">
            {token.owner.username}
          </Text>
        </Stack>
      ),
      sortValue: (token) => token.owner.fullname,
    };
    return apiTokenColumns<OwnedApiToken>(t, {
      afterName: [ownerColumn],
      revoke: {
        label: (token) => t('apiTokens.revokeOwnedLabel', { name: token.name, owner: token.owner.username }),
        onClick: ask,
      },
    });
  }, [t, ask]);

  const items = tokens.data?.items;
  const owners = useMemo(() => {
    const byId = new Map((items ?? []).map((token) => [token.owner.id, ownerName(token)]));
    return [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [items]);
  const rows = useMemo(
    () =>
      (items ?? []).filter((token) => (!state || tokenStatus(token) === state) && (!owner || token.owner.id === owner)),
    [items, state, owner],
  );

  if (!tokens.isSuccess) return <QueryFallback query={tokens} />;
  const filtered = Boolean(state || owner);
  const clear = () => setFilters({ state: null, owner: null });
  return (
    <Stack gap="md">
      <FilterBar
        label={t('portfolio.filtersLabel')}
        onReset={filtered ? clear : undefined}
        active={[state, owner].filter(Boolean).length}
      >
        <FilterSelect
          label={t('apiTokens.columns.status')}
          all={t('apiTokens.allStates')}
          data={TOKEN_STATUSES.map((status) => ({ value: status, label: t(`apiTokens.${status}`) }))}
          value={state}
          onChange={(next) => setFilters({ state: next as TokenStatus | null, owner })}
          width={200}
        />
        <FilterSelect
          label={t('apiTokens.columns.owner')}
          all={t('apiTokens.allOwners')}
          data={owners}
          value={owner}
          onChange={(next) => setFilters({ state, owner: next })}
          width={300}
        />
      </FilterBar>
      <DataTable
        id="all-api-tokens"
        caption={t('apiTokens.allCaption')}
        columns={columns}
        rows={rows}
        getRowId={(token) => token.id}
        rowLabel={(token) => token.name}
        empty={{
          title: t(filtered ? 'apiTokens.emptyFiltered' : 'apiTokens.emptyAll'),
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              {t('dataTable.clearFilters')}
            </Button>
          ) : undefined,
        }}
        countLabel={(count) => t('apiTokens.total', { count })}
        columnChooser={false}
      />
      {revoking.dialog}
    </Stack>
  );
};
