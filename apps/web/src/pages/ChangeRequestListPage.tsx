import '../features/service/styles';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { ChangeRequestList } from '../features/service/change-requests/ChangeRequestList';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import type { PageProps } from './PageProps';

/** /sc/change-request-list: change requests across services, for the portfolio manager. */
export const ChangeRequestListPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayList = usePermission('changeRequest.list');
  if (!mayList) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.changeRequestList')} intro={t('changeRequests.listIntro')} />
      <ChangeRequestList />
    </Stack>
  );
};
