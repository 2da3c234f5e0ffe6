import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createVoNamePrefixSchema, type CreateVoNamePrefix, type VoNamePrefixFormInput } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { SERVER_ERROR, TextareaField, TextInputField } from '../../../forms/fields';
import { focusFirstError } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { reportWriteError } from '../../../api/writes';
import { createVoNamePrefix, voNamePrefixKeys } from './api';
import { AppModal } from '../../../components/AppModal';

const FIELD_ORDER = ['prefix', 'note'] as const satisfies readonly FieldPath<VoNamePrefixFormInput>[];
const fieldId = (name: string) => `vo-name-prefix-${name}`;

/** Reserve a prefix with an optional note. */
export const VoNamePrefixModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t('adminSections.voPrefixes.addTitle')}
      closeButtonProps={{ 'aria-label': t('adminSections.voPrefixes.close') }}
    >
      {opened && <PrefixForm onClose={onClose} />}
    </AppModal>
  );
};

const PrefixForm = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError } = useZodForm(createVoNamePrefixSchema, {
    defaultValues: { prefix: '', note: '' },
  });
  const saving = useMutation({
    mutationFn: (values: CreateVoNamePrefix) => createVoNamePrefix(values),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: voNamePrefixKeys.all });
      notifySuccess(t('adminSections.voPrefixes.created'), saved.prefix);
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('adminSections.voPrefixes.cannotSave'), t, {
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((FIELD_ORDER as readonly string[]).includes(key))
              setError(key as FieldPath<VoNamePrefixFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => saving.mutate(values), focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
        <TextInputField
          control={control}
          name="prefix"
          id={fieldId('prefix')}
          label={t('adminSections.voPrefixes.prefix')}
          description={t('adminSections.voPrefixes.prefixDescription')}
          withAsterisk
        />
        <TextareaField
          control={control}
          name="note"
          id={fieldId('note')}
          label={t('adminSections.voPrefixes.note')}
          description={t('adminSections.voPrefixes.noteDescription')}
          autosize
          minRows={2}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('adminSections.voPrefixes.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('adminSections.voPrefixes.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
