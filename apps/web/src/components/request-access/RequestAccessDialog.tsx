import { Button, Group, Stack, Text } from '@mantine/core';
import { accessRequestSchema, ACCESS_REQUEST_NOTE_MAX, routeTitleKey, type RouteId } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { postAccessRequest } from '../../api/accessRequests';
import { isApiError } from '../../api/client';
import { SERVER_ERROR, TextareaField } from '../../forms/fields';
import { focusById } from '../../forms/focusFirstError';
import { useZodForm } from '../../forms/useZodForm';
import { AppModal } from '../AppModal';
import { notifyError, notifyInfo, notifySuccess } from '../../api/notify';

export interface RequestAccessDialogProps {
  opened: boolean;
  /** The screen the person could not open; none from the home. */
  screen?: RouteId;
  onClose: () => void;
}

const NOTE_ID = 'request-access-note';

/**
 * Asks the portal management for access (docs/adr/0082-home-queues-and-asking-for-access.md):
 * an optional note, sent by mail to them; they give the role in User Accounts, and the person's
 * menus follow at their next step (the login status is read again after every route change).
 */
export const RequestAccessDialog = ({ opened, screen, onClose }: RequestAccessDialogProps) => {
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('page.requestAccessTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      {opened && <RequestAccessForm screen={screen} onClose={onClose} />}
    </AppModal>
  );
};

const RequestAccessForm = ({ screen, onClose }: Omit<RequestAccessDialogProps, 'opened'>) => {
  const { t } = useTranslation();
  const form = useZodForm(accessRequestSchema, { defaultValues: { ...(screen ? { screen } : {}), note: '' } });
  const titleKey = screen ? routeTitleKey(screen) : null;
  const send = useMutation({
    mutationFn: postAccessRequest,
    onSuccess: ({ recipients }) => {
      if (recipients > 0) notifySuccess(t('page.requestAccessSent'), t('page.requestAccessSentText'));
      else notifyInfo(t('page.requestAccessNobody'), t('page.requestAccessNobodyText'));
      onClose();
    },
    onError: (error) => {
      if (!isApiError(error)) {
        console.error('Access request failed', error);
        notifyError(t('page.requestAccessFailed'), t('notifications.tryAgain'));
        return;
      }
      notifyError(t('page.requestAccessFailed'), error.message);
      const note = error.fields?.note;
      if (note) form.setError('note', { type: SERVER_ERROR, message: note });
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (request) => send.mutate(request),
        () => focusById(NOTE_ID),
      )}
    >
      <Stack gap="md">
        <Text>{t('page.requestAccessIntro')}</Text>
        {titleKey && <Text fw={600}>{t('page.requestAccessScreen', { screen: t(titleKey) })}</Text>}
        <TextareaField
          control={form.control}
          name="note"
          id={NOTE_ID}
          label={t('page.requestAccessNote')}
          description={t('page.requestAccessNoteHint')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={ACCESS_REQUEST_NOTE_MAX}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('page.requestAccessCancel')}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {t('page.requestAccessSend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
