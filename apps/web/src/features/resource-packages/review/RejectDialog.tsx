import { Button, Group, Stack, Text } from '@mantine/core';
import { resourcePackageStepSchema } from '@nubes/domain';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR, TextareaField } from '../../../forms/fields';
import { focusById } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { AppModal } from '../../../components/AppModal';

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
    <AppModal
      opened={opened}
      onClose={props.onCancel}
      title={t('resourcePackageReview.reject.title', { name })}
      centered
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      {opened && <RejectForm {...props} />}
    </AppModal>
  );
};

const RejectForm = ({ version, busy, serverError, onReject, onCancel }: Omit<RejectDialogProps, 'opened' | 'name'>) => {
  const { t } = useTranslation();
  const form = useZodForm(resourcePackageStepSchema, {
    defaultValues: { action: 'reject', version, comment: '' },
  });
  const { setError } = form;
  useEffect(() => {
    if (serverError) setError('comment', { type: SERVER_ERROR, message: serverError });
  }, [serverError, setError]);

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(
        (step) => onReject(step.comment ?? ''),
        () => focusById(COMMENT_ID),
      )}
    >
      <Stack gap="md">
        <Text>{t('resourcePackageReview.reject.text')}</Text>
        <TextareaField
          control={form.control}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('serviceView.cancel')}
          </Button>
          <Button type="submit" color="red.9" loading={busy}>
            {t('resourcePackages.actions.reject')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
