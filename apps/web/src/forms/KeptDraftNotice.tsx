import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Says that unsaved changes of an earlier visit are back (forms/keptDraft.ts), and lets the person drop them. */
export const KeptDraftNotice = ({ restored, onDiscard }: { restored: boolean; onDiscard: () => void }) => {
  const { t } = useTranslation();
  if (!restored) return null;
  return (
    <Alert color="blue" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('serviceView.draftRestored')}</Text>
        <Button size="compact-sm" variant="default" onClick={onDiscard}>
          {t('serviceView.discardDraft')}
        </Button>
      </Group>
    </Alert>
  );
};
