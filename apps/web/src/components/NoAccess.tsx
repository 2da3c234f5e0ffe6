import { Paper, Text, Title } from '@mantine/core';
import type { RouteId } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { RequestAccessButton } from './request-access/RequestAccessButton';

/**
 * Shown in place of a screen whose roles the user lacks; the document title stays the screen's. It
 * says how to get access: a request to the portal management, naming the screen.
 */
export const NoAccess = ({ screen }: { screen?: RouteId }) => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('page.noAccessTitle')}</Title>
      <Paper withBorder p="md" mt="md" role="status">
        <Text>{t('page.noAccessText')}</Text>
        <RequestAccessButton screen={screen} mt="md" />
      </Paper>
    </>
  );
};
