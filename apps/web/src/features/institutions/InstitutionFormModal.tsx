import { Button, Grid, Group, Stack, Tabs } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  createInstitutionSchema,
  type CreateInstitution,
  type InstitutionDetail,
  type InstitutionFormInput,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../api/notify';
import { SaveConflictNotice } from '../../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../../forms/choices/useSaveConflict';
import { CheckboxField, SERVER_ERROR, TextareaField, TextInputField } from '../../forms/fields';
import { focusFirstError } from '../../forms/focusFirstError';
import { useKeptDraft, useKeptDraftIds } from '../../forms/keptDraft';
import { KeptDraftNotice } from '../../forms/KeptDraftNotice';
import { useZodForm } from '../../forms/useZodForm';
import { reportWriteError } from '../../api/writes';
import { AuditHistory } from '../../components/history/AuditHistory';
import { createInstitution, fetchInstitutionHistory, institutionKeys, updateInstitution } from './api';
import { InstitutionLogo } from './InstitutionLogo';
import { AppModal } from '../../components/AppModal';

const FIELD_ORDER = [
  'abbreviation',
  'name',
  'url',
  'description',
  'isCentre',
  'isServiceProvider',
] as const satisfies readonly FieldPath<InstitutionFormInput>[];
type ConflictKey = (typeof FIELD_ORDER)[number];
const CONFLICT_LABELS = {
  abbreviation: 'institutionAdmin.abbreviation',
  name: 'institutionAdmin.name',
  url: 'institutionAdmin.url',
  description: 'institutionAdmin.description',
  isCentre: 'institutionAdmin.isCentreLabel',
  isServiceProvider: 'institutionAdmin.isServiceProviderLabel',
} as const satisfies Record<ConflictKey, string>;
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
  /** The institution to edit, as the list has it now; without one the modal creates an institution. */
  institution?: InstitutionDetail;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit an institution: abbreviation, name, website, description and what it is. */
export const InstitutionFormModal = ({ institution, opened, onClose }: InstitutionFormModalProps) => {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      // An existing institution's History tab shows four columns: the wider dialog holds them.
      size={institution ? 'xl' : 'lg'}
      fullScreen={phone}
      title={t(institution ? 'institutionAdmin.editTitle' : 'institutionAdmin.createTitle')}
      closeButtonProps={{ 'aria-label': t('institutionAdmin.close') }}
    >
      {opened &&
        (institution ? (
          // The form stays mounted behind the history, so what was typed is there on the way back.
          <Tabs defaultValue="details">
            <Tabs.List>
              <Tabs.Tab value="details">{t('institutionAdmin.tabDetails')}</Tabs.Tab>
              <Tabs.Tab value="history">{t('institutionAdmin.tabHistory')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="details" pt="md">
              <InstitutionForm
                // The institution, not its version: a logo upload moves the version under unsaved edits.
                key={institution.id}
                institution={institution}
                onClose={onClose}
              />
            </Tabs.Panel>
            <Tabs.Panel value="history" pt="md">
              <AuditHistory
                objectType="institution"
                queryKey={institutionKeys.history(institution.id)}
                fetchPage={(cursor, signal) => fetchInstitutionHistory(institution.id, cursor, signal)}
                caption={t('institutionAdmin.tabHistory')}
                emptyTitle={t('serviceView.noHistory')}
              />
            </Tabs.Panel>
          </Tabs>
        ) : (
          <InstitutionForm key="new" onClose={onClose} />
        ))}
    </AppModal>
  );
};

/** The form's name among the kept drafts (forms/keptDraft.ts). */
const DRAFT_FORM = 'institution';

/**
 * The institution form left with a draft when the session ended, for the screen to open again: a
 * new institution (`{}`), an existing one by id, or null.
 */
export const useKeptInstitutionDraft = (): { id?: string } | null => {
  const [first] = useKeptDraftIds(DRAFT_FORM);
  return first === undefined ? null : first === 'new' ? {} : { id: first };
};

const InstitutionForm = ({ institution, onClose }: Omit<InstitutionFormModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createInstitutionSchema, { defaultValues: defaultsOf(institution) });
  const { control, handleSubmit, setError } = form;
  const kept = useKeptDraft(form, DRAFT_FORM, institution?.id ?? null);
  const { conflict, resolve } = useFormSaveConflict(form, FIELD_ORDER, institution?.version);
  // The version the form's values were read at. The list may bring a newer institution while the
  // person types; saving then must still answer 409 instead of replacing the other change.
  const [readVersion, setReadVersion] = useState(institution?.version);
  const reload = () => queryClient.invalidateQueries({ queryKey: institutionKeys.all });

  /** After a 409 the form keeps what was typed and shows the institution as it is now beside it (ADR 0085). */
  const readAgain = async () => {
    await reload();
    const now = queryClient
      .getQueryData<{ items: InstitutionDetail[] }>(institutionKeys.all)
      ?.items.find((candidate) => candidate.id === institution?.id);
    if (!now) return onClose();
    resolve(defaultsOf(now), now.version);
    setReadVersion(now.version);
  };

  /** A logo upload is the form's own write: the typing stays, the next save sends its version. */
  const logoUploaded = (saved: InstitutionDetail) => {
    // Only when nothing else changed the institution since the form read it; otherwise the save
    // answers 409 and the form reads the other change.
    setReadVersion((read) => (read !== undefined && saved.version === read + 1 ? saved.version : read));
  };

  const saving = useMutation({
    mutationFn: (values: CreateInstitution) =>
      institution && readVersion !== undefined
        ? updateInstitution(institution.id, { ...values, version: readVersion })
        : createInstitution(values),
    onSuccess: (saved) => {
      conflict.clear();
      void reload();
      notifySuccess(t(institution ? 'institutionAdmin.updated' : 'institutionAdmin.created'), saved.abbreviation);
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('institutionAdmin.cannotSave'), t, {
        conflictMessage: institution ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void readAgain(),
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((FIELD_ORDER as readonly string[]).includes(key))
              setError(key as FieldPath<InstitutionFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });

  const save = (values: CreateInstitution) => {
    if (conflict.undecided > 0)
      return notifyError(
        t('institutionAdmin.cannotSave'),
        t('form.saveConflict.waiting', { count: conflict.undecided }),
      );
    saving.mutate(values);
  };
  const conflictText = (_key: string, value: unknown) =>
    (typeof value === 'boolean' ? t(value ? 'serviceView.yes' : 'serviceView.no') : String(value ?? '')) ||
    t('serviceView.emptyValue');

  return (
    <form noValidate onSubmit={handleSubmit(save, focusFirstError(FIELD_ORDER, fieldId))}>
      <Stack gap="md">
        <KeptDraftNotice restored={kept.restored} onDiscard={kept.discard} />
        <SaveConflictNotice
          conflict={conflict}
          label={(key) => t(CONFLICT_LABELS[key as ConflictKey])}
          text={conflictText}
        />
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
        {institution && <InstitutionLogo institution={institution} onUploaded={logoUploaded} />}
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
