import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  danger?: boolean;
}

/** A question before an action that is hard to undo; focus stays inside until it is answered. */
export const ConfirmDialog = ({
  opened,
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  danger,
}: ConfirmDialogProps) => {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      <Text>{text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {t('serviceView.cancel')}
        </Button>
        <Button color={danger ? 'red.9' : undefined} onClick={onConfirm} loading={busy} data-autofocus>
          {confirmLabel}
        </Button>
      </Group>
    </AppModal>
  );
};
