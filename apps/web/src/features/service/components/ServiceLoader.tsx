import { Paper, Text, Title } from '@mantine/core';
import type { ServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/client';
import { PageLoader } from '../../../components/PageLoader';
import { fetchService, serviceKeys } from '../../../api/services';

const useServiceQuery = (id: string) => useQuery({ queryKey: serviceKeys.detail(id), queryFn: () => fetchService(id) });

/** An unknown service and one the user may not see look the same (ADR 8): "Cannot find Service". */
export const CannotFindService = () => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('service.cannotFind')}</Title>
      <Paper withBorder p="md" mt="md" role="status">
        <Text>{t('serviceView.cannotFindText')}</Text>
      </Paper>
    </>
  );
};

export interface ServiceLoaderProps {
  id: string;
  children: (service: ServiceDetail) => ReactNode;
  /**
   * False while the screen still reads what its header shows beside the service from other
   * endpoints, so the header appears whole instead of growing a moment later and moving what is
   * under it.
   */
  ready?: boolean;
}

/** Loads one service (GET /api/services/:id) and renders its screen, or says why it cannot. */
export const ServiceLoader = ({ id, children, ready = true }: ServiceLoaderProps) => {
  const { t } = useTranslation();
  const query = useServiceQuery(id);
  if (query.data && ready) return <>{children(query.data)}</>;
  if (query.data) return <PageLoader />;
  if (query.isPending) return <PageLoader />;
  // A malformed id (invalid_input) is as absent as an unknown one.
  if (isApiError(query.error) && (query.error.code === 'not_found' || query.error.code === 'invalid_input')) {
    return <CannotFindService />;
  }
  return (
    <>
      <Title order={1}>{t('routes.service')}</Title>
      <Paper withBorder p="md" mt="md" role="alert">
        <Text>{t('notifications.somethingWentWrong')}</Text>
        <Text>{t('notifications.tryAgain')}</Text>
      </Paper>
    </>
  );
};
