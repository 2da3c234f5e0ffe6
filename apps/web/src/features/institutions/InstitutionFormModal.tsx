import { Button, Grid, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createInstitutionSchema,
  type CreateInstitution,
  type InstitutionDetail,
  type InstitutionFormInput,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../components/notify';
import { CheckboxField, SERVER_ERROR, TextareaField, TextInputField } from '../../forms/fields';
import { focusFirstError } from '../../forms/focusFirstError';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../service/writes';
import { createInstitution, institutionKeys, updateInstitution } from './api';
import { InstitutionLogo } from './InstitutionLogo';

const FIELD_ORDER = [
  'abbreviation',
  'name',
  'url',
  'description',
  'isCentre',
  'isServiceProvider',
] as const satisfies readonly FieldPath<InstitutionFormInput>[];
const fieldId = (name: string) => `institution-${name}`;

const defaultsOf = (institution: InstitutionDetail | undefined): InstitutionFormInput => ({
  abbreviation: institution?.abbreviation ?? '',
  name: institution?.name ?? '',
  description: institution?.description ?? '',
  url: institution?.url ?? '',
  isCentre: institution?.isCentre ?? false,
  isServiceProvider: institution?.isServiceProvider ?? false,
});

export interface InstitutionFormModalProps {
  /** The institution to edit; without one the modal creates an institution. */
  institution?: InstitutionDetail;
  opened: boolean;
  onClose: () => void;
  /** A new logo gave the institution a new version. */
  onLogoUploaded?: (saved: InstitutionDetail) => void;
}

/** Create or edit an institution: abbreviation, name, website, description and what it is. */
export const InstitutionFormModal = ({ institution, opened, onClose, onLogoUploaded }: InstitutionFormModalProps) => {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t(institution ? 'institutionAdmin.editTitle' : 'institutionAdmin.createTitle')}
      closeButtonProps={{ 'aria-label': t('institutionAdmin.close') }}
    >
      {opened && (
        <InstitutionForm
          // The institution, not its version: a logo upload moves the version under unsaved edits.
          key={institution?.id ?? 'new'}
          institution={institution}
          onClose={onClose}
          onLogoUploaded={onLogoUploaded}
        />
      )}
    </Modal>
  );
};

const InstitutionForm = ({ institution, onClose, onLogoUploaded }: Omit<InstitutionFormModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit, setError } = useZodForm(createInstitutionSchema, {
    defaultValues: defaultsOf(institution),
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: institutionKeys.all });

  const saving = useMutation({
    mutationFn: (values: CreateInstitution) =>
      institution
        ? updateInstitution(institution.id, { ...values, version: institution.version })
        : createInstitution(values),
    onSuccess: (saved) => {
      reload();
      notifySuccess(t(institution ? 'institutionAdmin.updated' : 'institutionAdmin.created'), saved.abbreviation);
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('institutionAdmin.cannotSave'), t, {
        onConflict: reload,
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((FIELD_ORDER as readonly string[]).includes(key))
              setError(key as FieldPath<InstitutionFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => saving.mutate(values), focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInputField
              control={control}
              name="abbreviation"
              id={fieldId('abbreviation')}
              label={t('institutionAdmin.abbreviation')}
              withAsterisk
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <TextInputField
              control={control}
              name="name"
              id={fieldId('name')}
              label={t('institutionAdmin.name')}
              withAsterisk
            />
          </Grid.Col>
        </Grid>
        <TextInputField
          control={control}
          name="url"
          id={fieldId('url')}
          label={t('institutionAdmin.url')}
          description={t('institutionAdmin.urlDescription')}
          type="url"
        />
        <TextareaField
          control={control}
          name="description"
          id={fieldId('description')}
          label={t('institutionAdmin.description')}
          rows={3}
        />
        <CheckboxField
          control={control}
          name="isCentre"
          id={fieldId('isCentre')}
          label={t('institutionAdmin.isCentreLabel')}
        />
        <CheckboxField
          control={control}
          name="isServiceProvider"
          id={fieldId('isServiceProvider')}
          label={t('institutionAdmin.isServiceProviderLabel')}
        />
        {institution && onLogoUploaded && <InstitutionLogo institution={institution} onUploaded={onLogoUploaded} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('institutionAdmin.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('institutionAdmin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
