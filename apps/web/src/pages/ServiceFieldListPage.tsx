import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NoAccess } from '../components/NoAccess';
import { FieldList } from '../features/field-list/FieldList';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { usePermission } from '../hooks/usePermission';
import type { PageProps } from './PageProps';

/**
 * Service Field List (/sc/service-field-list): one field of the service information across the
 * services, for portfolio and integration managers; portfolio managers clear optional fields
 * (docs/adr/0030-service-field-list.md).
 */
export const ServiceFieldListPage = ({ routeId }: PageProps) => {
  const { t } = useTranslation();
  const mayList = usePermission('service.fieldList');
  const mayClear = usePermission('service.clearField');
  if (!mayList) return <NoAccess screen={routeId} />;
  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.serviceFieldList')} intro={t('serviceFieldList.intro')} />
      <FieldList mayClear={mayClear} />
    </Stack>
  );
};
