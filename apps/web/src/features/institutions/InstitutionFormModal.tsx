import { Grid, Tabs } from '@mantine/core';
import { createInstitutionSchema, type InstitutionDetail, type InstitutionFormInput } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { CheckboxField, TextareaField, TextInputField } from '../../forms/fields';
import { useKeptDraftIds } from '../../forms/keptDraft';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { AuditHistory } from '../../components/history/AuditHistory';
import { createInstitution, fetchInstitutionHistory, institutionKeys, updateInstitution } from './api';
import { InstitutionLogo } from './InstitutionLogo';

/** The form's fields in the order a problem is looked for, each with the label a save conflict names it by. */
const FIELD_LABELS = {
  abbreviation: 'institutionAdmin.abbreviation',
  name: 'institutionAdmin.name',
  url: 'institutionAdmin.url',
  description: 'institutionAdmin.description',
  isCentre: 'institutionAdmin.isCentreLabel',
  isServiceProvider: 'institutionAdmin.isServiceProviderLabel',
} as const satisfies Partial<Record<FieldPath<InstitutionFormInput>, string>>;
const FIELD_ORDER = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];
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
  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      // An existing institution's History tab shows four columns: the wider dialog holds them.
      size={institution ? 'xl' : 'lg'}
      title={t(institution ? 'institutionAdmin.editTitle' : 'institutionAdmin.createTitle')}
    >
      {institution ? (
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
            />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <InstitutionForm key="new" onClose={onClose} />
      )}
    </ModalForm>
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
  const reload = () => queryClient.invalidateQueries({ queryKey: institutionKeys.all });
  const modal = useModalForm({
    schema: createInstitutionSchema,
    defaultValues: defaultsOf(institution),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('institutionAdmin.cannotSave'),
    // The version the form's values were read at. The list may bring a newer institution while the
    // person types; saving then must still answer 409 instead of replacing the other change.
    save: (values, version) =>
      institution && version !== undefined
        ? updateInstitution(institution.id, { ...values, version })
        : createInstitution(values),
    onSaved: (saved) => {
      void reload();
      notifySuccess(t(institution ? 'institutionAdmin.updated' : 'institutionAdmin.created'), saved.abbreviation);
    },
    edit: institution && {
      version: institution.version,
      readAgain: async () => {
        await reload();
        const now = queryClient
          .getQueryData<{ items: InstitutionDetail[] }>(institutionKeys.all)
          ?.items.find((candidate) => candidate.id === institution.id);
        return now ? { values: defaultsOf(now), version: now.version } : null;
      },
      // Gone: nothing left to edit.
      onGone: onClose,
      label: (key) => t(FIELD_LABELS[key as keyof typeof FIELD_LABELS]),
    },
    draft: { form: DRAFT_FORM, id: institution?.id ?? 'new' },
  });
  const { field } = modal;

  /** A logo upload is the form's own write: the typing stays, the next save sends its version. */
  const logoUploaded = (saved: InstitutionDetail) => {
    // Only when nothing else changed the institution since the form read it; otherwise the save
    // answers 409 and the form reads the other change.
    modal.setVersion((read) => (read !== undefined && saved.version === read + 1 ? saved.version : read));
  };

  return (
    <ModalFormBody modal={modal} submitLabel={t('institutionAdmin.save')} cancelLabel={t('institutionAdmin.cancel')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <TextInputField {...field('abbreviation')} label={t('institutionAdmin.abbreviation')} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <TextInputField {...field('name')} label={t('institutionAdmin.name')} withAsterisk />
        </Grid.Col>
      </Grid>
      <TextInputField
        {...field('url')}
        label={t('institutionAdmin.url')}
        description={t('institutionAdmin.urlDescription')}
        type="url"
      />
      <TextareaField {...field('description')} label={t('institutionAdmin.description')} rows={3} />
      <CheckboxField {...field('isCentre')} label={t('institutionAdmin.isCentreLabel')} />
      <CheckboxField {...field('isServiceProvider')} label={t('institutionAdmin.isServiceProviderLabel')} />
      {institution && <InstitutionLogo institution={institution} onUploaded={logoUploaded} />}
    </ModalFormBody>
  );
};
