import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in place of a screen whose roles the user lacks; the document title stays the screen's. */
export const NoAccess = () => {
  const { t } = useTranslation();
  return (
    <>
      <Title order={1}>{t('page.noAccessTitle')}</Title>
      <Paper withBorder p="md" mt="md" role="status">
        <Text>{t('page.noAccessText')}</Text>
      </Paper>
    </>
  );
};
