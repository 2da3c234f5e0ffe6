import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { useUrlView } from '../components/list-screen/useListScreen';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import { UserAccountDetails } from '../features/user-accounts/UserAccountDetails';
import { UserAccountList } from '../features/user-accounts/UserAccountList';
import { userAccountsView } from '../features/user-accounts/userAccountsView';
import type { PageProps } from './PageProps';

/** /cd/user-accounts: every user account; ?user=<id> opens one account's details (and back keeps the list's view). */
export const UserAccountsPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayRead = usePermission('user.readAny');
  const url = useUrlView(userAccountsView);
  const { view } = url;
  if (!mayRead) return <NoAccess screen={routeId} />;
  if (view.user) {
    const list = userAccountsView.serialize({ ...view, user: null }).toString();
    return <UserAccountDetails id={view.user} backHref={list ? `?${list}` : '/cd/user-accounts'} />;
  }
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.userAccounts')} />
      <UserAccountList url={url} />
    </Stack>
  );
};
