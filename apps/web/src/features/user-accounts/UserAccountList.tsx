import { Button, Paper, Stack, Text } from '@mantine/core';
import type { UserAccountQuery } from '@nubes/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, listExports } from '../../components/data-table';
import { fetchUserAccounts, userAccountKeys, userAccountQueryString } from './api';
import { UserAccountFilters } from './UserAccountFilters';
import { userAccountColumns } from './userAccountColumns';
import {
  changeUserAccountsView,
  serializeUserAccountsView,
  USER_ACCOUNT_PAGE_SIZES,
  userAccountsQuery,
  type UserAccountsView,
} from './userAccountsView';

interface Props {
  view: UserAccountsView;
  setView: (next: UserAccountsView, options?: { replace?: boolean }) => void;
}

/** Every user account with search, role and institution filters; a name opens the account's details. */
export const UserAccountList = ({ view, setView }: Props) => {
  const { t } = useTranslation();
  const query = userAccountsQuery(view);
  const list = useQuery({
    queryKey: userAccountKeys.list(userAccountQueryString(query)),
    queryFn: ({ signal }) => fetchUserAccounts(query, signal),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => userAccountColumns(t, (row) => `?${serializeUserAccountsView({ ...view, user: row.id }).toString()}`),
    [t, view],
  );

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.pageSize), view.page);
  const filtered = Boolean(view.q || view.role || view.institution);

  return (
    <Stack gap="md">
      <UserAccountFilters view={view} onChange={setView} />
      {list.isError && !list.data ? (
        <Paper withBorder p="md" role="alert">
          <Text fw={600}>{t('portfolio.loadFailed')}</Text>
          <Text size="sm">{list.error.message}</Text>
        </Paper>
      ) : (
        <DataTable
          id="user-accounts"
          caption={t('dataTable.pagedCaption', { list: t('routes.userAccounts'), page: view.page, pages })}
          columns={columns}
          rows={list.data?.items}
          getRowId={(row) => row.id}
          rowLabel={(row) => row.fullname || row.username}
          empty={{
            title: t(filtered ? 'userAccounts.emptyFiltered' : 'userAccounts.empty'),
            action: filtered ? (
              <Button
                variant="default"
                onClick={() => setView(changeUserAccountsView(view, { q: '', role: null, institution: null }))}
              >
                {t('dataTable.clearFilters')}
              </Button>
            ) : undefined,
          }}
          busy={list.isFetching && list.isPlaceholderData}
          countLabel={(count) => t('userAccounts.total', { count })}
          exports={listExports(`/api/user-accounts${userAccountQueryString(query)}`)}
          pageSizes={USER_ACCOUNT_PAGE_SIZES}
          server={{
            sort: { id: view.sort, desc: view.order === 'desc' },
            onSortChange: (sort) =>
              setView({
                ...view,
                sort: sort.id as UserAccountQuery['sort'],
                order: sort.desc ? 'desc' : 'asc',
                page: 1,
              }),
            page: view.page,
            pageSize: view.pageSize,
            onPageChange: (page) => setView({ ...view, page }),
            onPageSizeChange: (pageSize) => setView({ ...view, pageSize, page: 1 }),
            total,
          }}
        />
      )}
    </Stack>
  );
};
