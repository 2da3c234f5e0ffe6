import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstitutionsSection } from '../features/institutions/InstitutionsSection';

/** Institutions (/cd/institutions): the contact managers, the service desk and the portal manager keep them. */
export const InstitutionsPage = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('routes.institutions')}</Title>
      <InstitutionsSection />
    </Stack>
  );
};
