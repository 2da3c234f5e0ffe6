import type { UserAccountList as UserAccountPage } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen/ListScreen';
import { useListQuery, type UrlView } from '../../components/list-screen/useListScreen';
import { userAccountKeys } from './api';
import { UserAccountFilters } from './UserAccountFilters';
import { userAccountColumns } from './userAccountColumns';
import type { UserAccountsView } from './userAccountsView';

/** Every user account with search, role and institution filters; a name opens the account's details. */
export const UserAccountList = ({ url }: { url: UrlView<UserAccountsView> }) => {
  const { t } = useTranslation();
  const screen = useListQuery<UserAccountsView, UserAccountPage>(url, userAccountKeys.list);
  const { view, codec } = url;
  const columns = useMemo(
    () => userAccountColumns(t, (row) => `?${codec.serialize({ ...view, user: row.id }).toString()}`),
    [t, view, codec],
  );
  return (
    <ListScreen
      screen={screen}
      id="user-accounts"
      label={t('routes.userAccounts')}
      filters={<UserAccountFilters url={url} />}
      exports
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.fullname || row.username}
      empty={{ title: t('userAccounts.empty') }}
      emptyFiltered={{ title: t('userAccounts.emptyFiltered') }}
      countLabel={(count) => t('userAccounts.total', { count })}
    />
  );
};
