import { Button, Group, Stack, Text } from '@mantine/core';
import { savedViewNameFormSchema, type SavedViewNameForm } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { SERVER_ERROR, TextInputField } from '../../forms/fields';
import { focusFirstError } from '../../forms/focusFirstError';
import { useZodForm } from '../../forms/useZodForm';
import { AppModal } from '../AppModal';

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
  const { t } = useTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      transitionProps={{ duration: 0 }}
      closeButtonProps={{ 'aria-label': t('notifications.close') }}
    >
      {opened && <NameForm {...form} onClose={onClose} />}
    </AppModal>
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
  const { control, handleSubmit, setError } = useZodForm(savedViewNameFormSchema, {
    defaultValues: { name: initialName },
  });
  const submit = async ({ name }: SavedViewNameForm) => {
    const refused = await onSubmit(name);
    if (refused) setError('name', { type: SERVER_ERROR, message: refused }, { shouldFocus: true });
  };
  return (
    <form noValidate onSubmit={handleSubmit(submit, focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
        {intro && <Text size="sm">{intro}</Text>}
        <TextInputField
          control={control}
          name="name"
          id={fieldId()}
          label={t('savedViews.name')}
          withAsterisk
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('savedViews.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('savedViews.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
