import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServiceDraft } from '../useServiceDraft';

/** Says that unsaved changes of an earlier visit are back, and lets the user drop them. */
export const RestoredNotice = ({ draft }: { draft: ServiceDraft }) => {
  const { t } = useTranslation();
  if (!draft.restored) return null;
  return (
    <Alert color="blue" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('serviceView.draftRestored')}</Text>
        <Button size="compact-sm" variant="default" onClick={draft.reset}>
          {t('serviceView.discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
};
