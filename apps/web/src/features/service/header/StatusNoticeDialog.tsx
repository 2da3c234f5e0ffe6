import { Text } from '@mantine/core';
import { STATUS_REASON_MAX, statusNoticeSchema, type StatusNoticeInput, type WorkflowAction } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { DateField, TextareaField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalFormSubmit } from '../../../components/useModalForm';

export interface StatusNoticeDialogProps {
  /** The step asked about; null: closed. */
  action: WorkflowAction | null;
  /** What the step does to the public portfolio (the workflow row's confirm text). */
  text: string;
  /** The notice the service shows now, to start from when it moves from one such state to the other. */
  current: StatusNoticeInput | null;
  busy: boolean;
  onConfirm: (notice: StatusNoticeInput) => void;
  onCancel: () => void;
}

const REASON_ID = 'status-notice-reason';
const END_ID = 'status-notice-expected-end';

/**
 * Asks before a step that tells the public a service is not available or full, naming that effect,
 * and takes what the public reads with it: a reason in the provider's words and the expected end.
 * Both optional; the domain's schema checks them as the server does.
 */
export const StatusNoticeDialog = ({ action, text, current, busy, onConfirm, onCancel }: StatusNoticeDialogProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={action !== null}
      onClose={onCancel}
      title={action ? t(`workflow.actions.${action}`) : ''}
      instant
    >
      {action && (
        <NoticeForm
          action={action}
          text={text}
          current={current}
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </ModalForm>
  );
};

const NoticeForm = ({
  action,
  text,
  current,
  busy,
  onConfirm,
  onCancel,
}: Omit<StatusNoticeDialogProps, 'action'> & { action: WorkflowAction }) => {
  const { t } = useTranslation();
  const modal = useModalFormSubmit({
    schema: statusNoticeSchema,
    defaultValues: { reason: current?.reason ?? '', expectedEnd: current?.expectedEnd ?? null },
    order: ['reason', 'expectedEnd'],
    fieldId: (name) => (name === 'reason' ? REASON_ID : END_ID),
    onClose: onCancel,
    submit: (notice) => onConfirm(notice),
    busy,
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t(`workflow.actions.${action}`)} cancelLabel={t('serviceView.cancel')}>
      <Text>{text}</Text>
      <TextareaField
        control={modal.form.control}
        name="reason"
        id={REASON_ID}
        label={t('workflow.notice.reason')}
        description={t('workflow.notice.reasonHint', { max: STATUS_REASON_MAX })}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={STATUS_REASON_MAX}
        data-autofocus
      />
      <DateField
        control={modal.form.control}
        name="expectedEnd"
        nullable
        id={END_ID}
        label={t('workflow.notice.expectedEnd')}
        description={t('workflow.notice.expectedEndHint')}
      />
    </ModalFormBody>
  );
};
