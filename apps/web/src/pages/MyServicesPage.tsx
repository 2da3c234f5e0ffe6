import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { NewApplicationButton } from '../features/portfolio/NewApplicationButton';
import { SERVICE_LIST_VIEWS } from '../features/portfolio/listQuery';
import { ServiceList } from '../features/portfolio/ServiceList';
import { StartSelectedReviews } from '../features/reviews/StartSelectedReviews';
import { useUrlView } from '../components/list-screen/useListScreen';
import { usePermission } from '../hooks/usePermission';
import { MyReviews } from '../features/reviews/MyReviews';

/** My Services (/sc/my-services): the services the user is provider side of, as a portfolio list. */
export const MyServicesPage = () => {
  const { t } = useTranslation();
  const url = useUrlView(SERVICE_LIST_VIEWS.mine);
  // The export goes through the portfolio's query (tab=mine), which needs service.list.
  const mayExport = usePermission('service.list');
  return (
    <Stack gap="lg">
      <ListPageHeader
        title={t('routes.myServices')}
        intro={t('portfolio.myServicesIntro')}
        actions={<NewApplicationButton />}
      />
      <MyReviews />
      <ServiceList
        startReviews={StartSelectedReviews}
        source="mine"
        url={url}
        label={t('routes.myServices')}
        exportable={mayExport}
      />
    </Stack>
  );
};
