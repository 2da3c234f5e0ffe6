import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OutboxTable } from '../features/mail/OutboxTable';

/**
 * Admin Panel (/manage/adminPanel, portal manager): for now the mail outbox, until the panel gets
 * its full page (docs/adr/0027-mail-outbox.md).
 */
export const AdminPanelPage = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('routes.adminPanel')}</Title>
      <section aria-labelledby="mail-outbox-heading">
        <Title order={2} id="mail-outbox-heading" mb="xs">
          {t('mail.outbox.title')}
        </Title>
        <Text mb="md">{t('mail.outbox.intro')}</Text>
        <OutboxTable />
      </section>
    </Stack>
  );
};
