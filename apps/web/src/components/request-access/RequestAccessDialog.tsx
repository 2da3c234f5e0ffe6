import { Text } from '@mantine/core';
import { accessRequestSchema, ACCESS_REQUEST_NOTE_MAX, routeTitleKey, type RouteId } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { postAccessRequest } from '../../api/accessRequests';
import { TextareaField } from '../../forms/fields';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { notifyInfo, notifySuccess } from '../../api/notify';

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
    <ModalForm opened={opened} onClose={onClose} title={t('page.requestAccessTitle')}>
      <RequestAccessForm screen={screen} onClose={onClose} />
    </ModalForm>
  );
};

const RequestAccessForm = ({ screen, onClose }: Omit<RequestAccessDialogProps, 'opened'>) => {
  const { t } = useTranslation();
  const modal = useModalForm({
    schema: accessRequestSchema,
    defaultValues: { ...(screen ? { screen } : {}), note: '' },
    order: ['note'],
    fieldId: () => NOTE_ID,
    onClose,
    errorTitle: t('page.requestAccessFailed'),
    save: (request) => postAccessRequest(request),
    onSaved: ({ recipients }) => {
      if (recipients > 0) notifySuccess(t('page.requestAccessSent'), t('page.requestAccessSentText'));
      else notifyInfo(t('page.requestAccessNobody'), t('page.requestAccessNobodyText'));
    },
  });
  const titleKey = screen ? routeTitleKey(screen) : null;

  return (
    <ModalFormBody modal={modal} submitLabel={t('page.requestAccessSend')} cancelLabel={t('page.requestAccessCancel')}>
      <Text>{t('page.requestAccessIntro')}</Text>
      {titleKey && <Text fw={600}>{t('page.requestAccessScreen', { screen: t(titleKey) })}</Text>}
      <TextareaField
        {...modal.field('note')}
        label={t('page.requestAccessNote')}
        description={t('page.requestAccessNoteHint')}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={ACCESS_REQUEST_NOTE_MAX}
        data-autofocus
      />
    </ModalFormBody>
  );
};
