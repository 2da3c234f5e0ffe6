import { Text } from '@mantine/core';
import { resourcePackageStepSchema } from '@nubes/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR, TextareaField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalFormSubmit } from '../../../components/useModalForm';

export interface RejectDialogProps {
  opened: boolean;
  name: string;
  version: number;
  busy: boolean;
  /** A message the server gave for the comment, shown at the field. */
  serverError: string | null;
  onReject: (comment: string) => void;
  onCancel: () => void;
}

const COMMENT_ID = 'resource-package-reject-comment';

/**
 * Rejecting says why: the comment is required (the domain's step schema, the check the server
 * makes) and reaches the provider side with the package.
 */
export const RejectDialog = ({ opened, name, ...props }: RejectDialogProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={opened}
      onClose={props.onCancel}
      title={t('resourcePackageReview.reject.title', { name })}
      instant
    >
      <RejectForm {...props} />
    </ModalForm>
  );
};

const RejectForm = ({ version, busy, serverError, onReject, onCancel }: Omit<RejectDialogProps, 'opened' | 'name'>) => {
  const { t } = useTranslation();
  const modal = useModalFormSubmit({
    schema: resourcePackageStepSchema,
    defaultValues: { action: 'reject', version, comment: '' },
    // Only the comment is typed: the step and the version are the dialog's own.
    order: ['comment'],
    fieldId: () => COMMENT_ID,
    onClose: onCancel,
    submit: (step) => onReject(step.comment ?? ''),
    busy,
  });
  const { setError } = modal.form;
  useEffect(() => {
    if (serverError) setError('comment', { type: SERVER_ERROR, message: serverError });
  }, [serverError, setError]);

  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('resourcePackages.actions.reject')}
      cancelLabel={t('serviceView.cancel')}
      danger
    >
      <Text>{t('resourcePackageReview.reject.text')}</Text>
      <TextareaField
        control={modal.form.control}
        name="comment"
        id={COMMENT_ID}
        label={t('resourcePackageReview.reject.comment')}
        required
        autosize
        minRows={3}
        maxRows={10}
        maxLength={5000}
        data-autofocus
      />
    </ModalFormBody>
  );
};
