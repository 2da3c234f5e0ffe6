import { createVoNamePrefixSchema, type VoNamePrefixFormInput } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { TextareaField, TextInputField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { createVoNamePrefix, voNamePrefixKeys } from './api';

const FIELD_ORDER = ['prefix', 'note'] as const satisfies readonly FieldPath<VoNamePrefixFormInput>[];
const fieldId = (name: string) => `vo-name-prefix-${name}`;

/** Reserve a prefix with an optional note. */
export const VoNamePrefixModal = ({ opened, onClose }: { opened: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  return (
    <ModalForm opened={opened} onClose={onClose} size="lg" title={t('adminSections.voPrefixes.addTitle')}>
      <PrefixForm onClose={onClose} />
    </ModalForm>
  );
};

const PrefixForm = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: createVoNamePrefixSchema,
    defaultValues: { prefix: '', note: '' },
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('adminSections.voPrefixes.cannotSave'),
    save: (values) => createVoNamePrefix(values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: voNamePrefixKeys.all });
      notifySuccess(t('adminSections.voPrefixes.created'), saved.prefix);
    },
  });
  const { field } = modal;

  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('adminSections.voPrefixes.save')}
      cancelLabel={t('adminSections.voPrefixes.cancel')}
    >
      <TextInputField
        {...field('prefix')}
        label={t('adminSections.voPrefixes.prefix')}
        description={t('adminSections.voPrefixes.prefixDescription')}
        withAsterisk
      />
      <TextareaField
        {...field('note')}
        label={t('adminSections.voPrefixes.note')}
        description={t('adminSections.voPrefixes.noteDescription')}
        autosize
        minRows={2}
      />
    </ModalFormBody>
  );
};
