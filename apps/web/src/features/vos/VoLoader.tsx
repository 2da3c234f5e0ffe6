import { Paper, Text, Title } from '@mantine/core';
import type { VoDetails } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { fetchVo, voKeys } from './api';

/**
 * Loads one VO (GET /api/vos/:id) and renders its screen, or says why it cannot. A VO the caller
 * may not read answers 404 like one that does not exist, so both say the same.
 */
export const VoLoader = ({ id, children }: { id: string; children: (vo: VoDetails) => ReactNode }) => {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: voKeys.detail(id), queryFn: ({ signal }) => fetchVo(id, signal) });
  if (query.data) return <>{children(query.data)}</>;
  if (query.isPending) return <PageLoader />;
  const absent = isApiError(query.error) && (query.error.code === 'not_found' || query.error.code === 'invalid_input');
  return (
    <>
      <Title order={1}>{t(absent ? 'voScreens.notFound' : 'routes.virtualOrganisation')}</Title>
      <Paper withBorder p="md" mt="md" role={absent ? 'status' : 'alert'}>
        {absent ? (
          <Text>{t('voScreens.notFoundText')}</Text>
        ) : (
          <>
            <Text>{t('notifications.somethingWentWrong')}</Text>
            <Text>{t('notifications.tryAgain')}</Text>
          </>
        )}
      </Paper>
    </>
  );
};
