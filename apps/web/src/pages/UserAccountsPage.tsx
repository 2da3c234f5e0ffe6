import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import { UserAccountDetails } from '../features/user-accounts/UserAccountDetails';
import { UserAccountList } from '../features/user-accounts/UserAccountList';
import { useUserAccountsView } from '../features/user-accounts/useUserAccountsView';
import { serializeUserAccountsView } from '../features/user-accounts/userAccountsView';
import type { PageProps } from './PageProps';

/** /cd/user-accounts: every user account; ?user=<id> opens one account's details (and back keeps the list's view). */
export const UserAccountsPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayRead = usePermission('user.readAny');
  const { view, setView } = useUserAccountsView();
  if (!mayRead) return <NoAccess screen={routeId} />;
  if (view.user) {
    const list = serializeUserAccountsView({ ...view, user: null }).toString();
    return <UserAccountDetails id={view.user} backHref={list ? `?${list}` : '/cd/user-accounts'} />;
  }
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.userAccounts')} />
      <UserAccountList view={view} setView={setView} />
    </Stack>
  );
};
