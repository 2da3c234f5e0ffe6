import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OwnSessions } from '../features/sessions/OwnSessions';

/** My Sessions (/profile/sessions, from the profile menu): where the person is logged in, and ending it. */
export const SessionsPage = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.sessions')}</Title>
        <Text mt="xs">{t('sessions.intro')}</Text>
      </div>
      <OwnSessions />
    </Stack>
  );
};
