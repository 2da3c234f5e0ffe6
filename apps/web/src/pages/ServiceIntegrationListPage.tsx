import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { SERVICE_LIST_VIEWS } from '../features/portfolio/listQuery';
import { ServiceList } from '../features/portfolio/ServiceList';
import { StartSelectedReviews } from '../features/reviews/StartSelectedReviews';
import { useUrlView } from '../components/list-screen/useListScreen';
import { usePermission } from '../hooks/usePermission';
import { NoAccess } from '../components/NoAccess';
import type { PageProps } from './PageProps';

/**
 * Service Integration List (/sc/service-integration-list): services ranked by weighted score,
 * highest first (docs/domain.md#service-information), with the portfolio's search and filters. The order is the server's.
 * By default it shows the services in integration work; the filter bar offers all of them.
 */
export const ServiceIntegrationListPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayList = usePermission('service.integrationList');
  const url = useUrlView(SERVICE_LIST_VIEWS.integration);
  if (!mayList) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.serviceIntegrationList')} intro={t('portfolio.integrationIntro')} />
      <ServiceList
        startReviews={StartSelectedReviews}
        source="integration"
        url={url}
        label={t('routes.serviceIntegrationList')}
        exportable
      />
    </Stack>
  );
};
