import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/PageLoader';
import { fetchMailSettings, mailKeys } from '../features/mail/api';
import { MailSettingsFormView } from '../features/mail/MailSettingsForm';

/** Mail Settings (/profile/mail-settings, from the profile menu): every logged-in user's own. */
export const MailSettingsPage = () => {
  const { t } = useTranslation();
  const settings = useQuery({ queryKey: mailKeys.settings, queryFn: ({ signal }) => fetchMailSettings(signal) });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.mailSettings')}</Title>
        <Text mt="xs">{t('mail.settings.intro')}</Text>
      </div>
      {settings.isPending && <PageLoader />}
      {settings.isError && (
        <Text role="alert" fw={600}>
          {settings.error.message}
        </Text>
      )}
      {/* Not keyed by the version: after a 409 the form keeps what was chosen (ADR 0085). */}
      {settings.data && <MailSettingsFormView settings={settings.data} />}
    </Stack>
  );
};
