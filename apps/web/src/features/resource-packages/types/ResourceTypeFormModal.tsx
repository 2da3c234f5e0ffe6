import { SimpleGrid, TextInput } from '@mantine/core';
import { createResourceTypeSchema, msg, type CreateResourceType, type ResourceType } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from '../../../components/json-editor';
import { notifyError, notifySuccess } from '../../../api/notify';
import { TextareaField, TextInputField, useErrorText } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { readAgainFromList } from '../../../components/readAgainFromList';
import { createResourceType, fetchResourceTypes, resourcePackageKeys, updateResourceType } from '../api';
import { parsePolicy, policyText } from '../policy/policyText';

/** The create body's values; an edit sends them without the key, with the version and retired as read. */
const formSchema = createResourceTypeSchema.superRefine((values, ctx) => {
  if (values.schema.trim() !== '' && !parsePolicy(values.schema).ok)
    ctx.addIssue({ code: 'custom', path: ['schema'], message: msg('resourceTypes.invalidJson') });
});
type FormValues = CreateResourceType;

const FIELD_ORDER = [
  'key',
  'name.en',
  'name.de',
  'description.en',
  'description.de',
  'quotaUnit.en',
  'quotaUnit.de',
  'schema',
] as const satisfies readonly FieldPath<FormValues>[];
/** The fields a save conflict compares, each language on its own (ADR 0085); the key is fixed once saved. */
const CONFLICT_LABELS = {
  'name.en': 'resourceTypeAdmin.nameEn',
  'name.de': 'resourceTypeAdmin.nameDe',
  'description.en': 'resourceTypeAdmin.descriptionEn',
  'description.de': 'resourceTypeAdmin.descriptionDe',
  'quotaUnit.en': 'resourceTypeAdmin.unitEn',
  'quotaUnit.de': 'resourceTypeAdmin.unitDe',
  schema: 'resourceTypeAdmin.schema',
} as const satisfies Partial<Record<FieldPath<FormValues>, string>>;
const CONFLICT_FIELDS = Object.keys(CONFLICT_LABELS) as (keyof typeof CONFLICT_LABELS)[];
const fieldId = (name: string) => `resource-type-${name.replace('.', '-')}`;

/** What a new type starts from: an object with no fields yet. */
const NEW_SCHEMA = policyText({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {},
});

const defaultsOf = (type: ResourceType | undefined): FormValues =>
  type
    ? {
        key: type.key,
        name: type.name,
        description: type.description,
        quotaUnit: type.quotaUnit,
        schema: policyText(type.schema),
      }
    : {
        key: '',
        name: { en: '', de: '' },
        description: { en: '', de: '' },
        quotaUnit: { en: '', de: '' },
        schema: NEW_SCHEMA,
      };

/** The server names nested fields `name.en` or `name/en`. */
const formField = (key: string): FieldPath<FormValues> | null => {
  const path = key.replace('/', '.');
  return (FIELD_ORDER as readonly string[]).includes(path) ? (path as FieldPath<FormValues>) : null;
};

export interface ResourceTypeFormModalProps {
  /** The type to edit; without one the modal creates a type. */
  resourceType?: ResourceType;
  opened: boolean;
  onClose: () => void;
}

/** Create or edit a resource type: names, descriptions and quota unit in both languages, and the policy's JSON Schema. */
export const ResourceTypeFormModal = ({ resourceType, opened, onClose }: ResourceTypeFormModalProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t(resourceType ? 'resourceTypeAdmin.editTitle' : 'resourceTypeAdmin.createTitle')}
    >
      <ResourceTypeForm key={resourceType ? resourceType.id : 'new'} resourceType={resourceType} onClose={onClose} />
    </ModalForm>
  );
};

const ResourceTypeForm = ({ resourceType, onClose }: Omit<ResourceTypeFormModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const modal = useModalForm({
    schema: formSchema,
    defaultValues: defaultsOf(resourceType),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('resourceTypeAdmin.cannotSave'),
    save: ({ key, ...values }, version) =>
      resourceType
        ? updateResourceType(resourceType.id, {
            ...values,
            version: version ?? resourceType.version,
            retired: resourceType.retired,
          })
        : createResourceType({ key, ...values }),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.types });
      notifySuccess(t(resourceType ? 'resourceTypes.updated' : 'resourceTypes.created'), saved.key);
    },
    edit: resourceType && {
      version: resourceType.version,
      readAgain: readAgainFromList(
        queryClient,
        { queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes },
        (candidate) => candidate.id === resourceType.id,
        defaultsOf,
      ),
      keys: CONFLICT_FIELDS,
      label: (key) => t(CONFLICT_LABELS[key as keyof typeof CONFLICT_LABELS]),
    },
    fieldOf: formField,
    onInvalid: (errors) => {
      if (errors.schema?.message === msg('resourceTypes.invalidJson'))
        notifyError(t('resourceTypes.invalidJson'), t('resourcePackageEditor.invalidJsonText'));
    },
  });
  const { field } = modal;
  const { control } = modal.form;

  const pair = (group: 'name' | 'description' | 'quotaUnit', labels: [string, string], multiline = false) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(['en', 'de'] as const).map((language, index) =>
        multiline ? (
          <TextareaField
            key={language}
            {...field(`${group}.${language}`)}
            label={labels[index]}
            withAsterisk
            rows={2}
            lang={language}
          />
        ) : (
          <TextInputField
            key={language}
            {...field(`${group}.${language}`)}
            label={labels[index]}
            withAsterisk
            lang={language}
          />
        ),
      )}
    </SimpleGrid>
  );

  return (
    <ModalFormBody modal={modal} submitLabel={t('resourceTypeAdmin.save')} cancelLabel={t('resourceTypeAdmin.cancel')}>
      {resourceType ? (
        <TextInput
          label={t('resourceTypeAdmin.key')}
          description={t('resourceTypeAdmin.keyDescription')}
          value={resourceType.key}
          readOnly
          maw="28rem"
        />
      ) : (
        <TextInputField
          {...field('key')}
          label={t('resourceTypeAdmin.key')}
          description={t('resourceTypeAdmin.keyDescription')}
          withAsterisk
          maw="28rem"
        />
      )}
      {pair('name', [t('resourceTypeAdmin.nameEn'), t('resourceTypeAdmin.nameDe')])}
      {pair('description', [t('resourceTypeAdmin.descriptionEn'), t('resourceTypeAdmin.descriptionDe')], true)}
      {pair('quotaUnit', [t('resourceTypeAdmin.unitEn'), t('resourceTypeAdmin.unitDe')])}
      <Controller
        control={control}
        name="schema"
        render={({ field, fieldState }) => (
          <div id={fieldId('schema')} tabIndex={-1}>
            <JsonEditor
              label={t('resourceTypeAdmin.schema')}
              description={t('resourceTypeAdmin.schemaDescription')}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={
                errorText(fieldState.error) ??
                (field.value.trim() !== '' && !parsePolicy(field.value).ok ? t('resourceTypes.invalidJson') : undefined)
              }
              required
              minHeight="16rem"
            />
          </div>
        )}
      />
    </ModalFormBody>
  );
};
