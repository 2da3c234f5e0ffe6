import { Button, Group, Stack, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from './AppModal';
import { SaveConflictNotice } from '../forms/choices/SaveConflictNotice';
import { KeptDraftNotice } from '../forms/KeptDraftNotice';
import type { ModalFormControls } from './useModalForm';

export interface ModalFormProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /**
   * A form's width; it fills a phone's screen. Without one the dialog is a short question
   * (a name, a comment): centred, at Mantine's default width.
   */
  size?: ModalProps['size'];
  /** The close button's name for screen readers where it is not the general "Close" (it cancels a step). */
  closeLabel?: string;
  /** The dialog opens without its transition (a question asked over a screen that stays as it is). */
  instant?: boolean;
  /**
   * The form, rendered only while the dialog is open: every opening starts afresh, and what was
   * typed and dropped last time does not come back. Key it by the object (not its version), so a
   * 409 keeps what was typed (ADR 0085).
   */
  children: ReactNode;
}

/** The frame of every create and edit dialog (ADR 0106): AppModal with its error display, sized for a form. */
export const ModalForm = ({ opened, onClose, title, size, closeLabel, instant = false, children }: ModalFormProps) => {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title}
      {...(size ? { size, fullScreen: phone } : { centered: true })}
      {...(instant ? { transitionProps: { duration: 0 } } : {})}
      closeButtonProps={{ 'aria-label': closeLabel ?? t('notifications.close') }}
    >
      {opened && children}
    </AppModal>
  );
};

export interface ModalFormBodyProps {
  /** What useModalForm (or useModalFormSubmit) returns. */
  modal: ModalFormControls;
  submitLabel: string;
  cancelLabel: string;
  /** The submit ends or refuses something (a rejection): red, so it is not clicked by mistake. */
  danger?: boolean;
  children: ReactNode;
}

/**
 * The form inside a ModalForm: the kept draft's and the conflict's notices above the fields, the
 * buttons row below them (cancel, then the submit with the save's progress).
 */
export const ModalFormBody = ({ modal, submitLabel, cancelLabel, danger = false, children }: ModalFormBodyProps) => (
  <form noValidate onSubmit={(event) => void modal.onSubmit(event)}>
    <Stack gap="md">
      {modal.kept && <KeptDraftNotice restored={modal.kept.restored} onDiscard={modal.kept.discard} />}
      {modal.conflict && <SaveConflictNotice {...modal.conflict} />}
      {children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={modal.onClose}>
          {cancelLabel}
        </Button>
        <Button type="submit" color={danger ? 'red.9' : undefined} loading={modal.busy}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  </form>
);
