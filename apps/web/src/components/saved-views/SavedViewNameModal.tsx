import { Text } from '@mantine/core';
import { savedViewNameFormSchema } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR, TextInputField } from '../../forms/fields';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalFormSubmit } from '../../components/useModalForm';

export interface SavedViewNameModalProps {
  opened: boolean;
  title: string;
  /** What saving keeps, said once above the name. */
  intro?: string;
  initialName: string;
  busy: boolean;
  /** Resolves to the server's message for `name` when it refused it (a name in use), else nothing. */
  onSubmit: (name: string) => Promise<string | undefined>;
  onClose: () => void;
}

const FIELD_ORDER = ['name'] as const;
const fieldId = () => 'saved-view-name';

/** The name of a view to save or rename; the domain's schema checks it as the server does. */
export const SavedViewNameModal = ({ opened, onClose, title, ...form }: SavedViewNameModalProps) => {
  return (
    <ModalForm opened={opened} onClose={onClose} title={title} instant>
      <NameForm {...form} onClose={onClose} />
    </ModalForm>
  );
};

const NameForm = ({
  intro,
  initialName,
  busy,
  onSubmit,
  onClose,
}: Omit<SavedViewNameModalProps, 'opened' | 'title'>) => {
  const { t } = useTranslation();
  const modal = useModalFormSubmit({
    schema: savedViewNameFormSchema,
    defaultValues: { name: initialName },
    order: FIELD_ORDER,
    fieldId,
    onClose,
    submit: async ({ name }) => {
      const refused = await onSubmit(name);
      if (refused) modal.form.setError('name', { type: SERVER_ERROR, message: refused }, { shouldFocus: true });
    },
    busy,
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t('savedViews.save')} cancelLabel={t('savedViews.cancel')}>
      {intro && <Text size="sm">{intro}</Text>}
      <TextInputField
        control={modal.form.control}
        name="name"
        id={fieldId()}
        label={t('savedViews.name')}
        withAsterisk
        data-autofocus
      />
    </ModalFormBody>
  );
};
