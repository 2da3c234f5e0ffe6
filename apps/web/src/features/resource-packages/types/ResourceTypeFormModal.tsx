import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { createResourceTypeSchema, msg, type CreateResourceType, type ResourceType } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { JsonEditor } from '../../../components/json-editor';
import { notifyError, notifySuccess } from '../../../api/notify';
import { SERVER_ERROR, TextareaField, TextInputField, useErrorText } from '../../../forms/fields';
import { firstErrorKey, focusById } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../../../forms/choices/useSaveConflict';
import { reportWriteError } from '../../../api/writes';
import { createResourceType, fetchResourceTypes, resourcePackageKeys, updateResourceType } from '../api';
import { parsePolicy, policyText } from '../policy/policyText';
import { AppModal } from '../../../components/AppModal';

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
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={t(resourceType ? 'resourceTypeAdmin.editTitle' : 'resourceTypeAdmin.createTitle')}
      closeButtonProps={{ 'aria-label': t('resourcePackageEditor.close') }}
    >
      {opened && (
        <ResourceTypeForm
          // The type, not its version: after a 409 the form keeps what was typed (ADR 0085).
          key={resourceType ? resourceType.id : 'new'}
          resourceType={resourceType}
          onClose={onClose}
        />
      )}
    </AppModal>
  );
};

const ResourceTypeForm = ({ resourceType, onClose }: Omit<ResourceTypeFormModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const form = useZodForm(formSchema, { defaultValues: defaultsOf(resourceType) });
  const { control, handleSubmit, setError } = form;
  const { conflict, resolve, version } = useFormSaveConflict(form, CONFLICT_FIELDS, resourceType?.version);
  /** Someone else saved the type first: their values beside what was typed (ADR 0085). */
  const meetConflict = async () => {
    if (!resourceType) return;
    // Unreadable now (deleted, the network): the typing stays, and the next save says why.
    const list = await queryClient
      .fetchQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes, staleTime: 0 })
      .catch(() => null);
    const theirs = list?.items.find((candidate) => candidate.id === resourceType.id);
    if (theirs) resolve(defaultsOf(theirs), theirs.version);
  };

  const saving = useMutation({
    mutationFn: ({ key, ...values }: FormValues) =>
      resourceType
        ? updateResourceType(resourceType.id, {
            ...values,
            version: version ?? resourceType.version,
            retired: resourceType.retired,
          })
        : createResourceType({ key, ...values }),
    onSuccess: (saved) => {
      conflict.clear();
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.types });
      notifySuccess(t(resourceType ? 'resourceTypes.updated' : 'resourceTypes.created'), saved.key);
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('resourceTypeAdmin.cannotSave'), t, {
        conflictMessage: resourceType ? t('form.saveConflict.toast') : undefined,
        onConflict: () => void meetConflict(),
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields)) {
            const name = formField(key);
            if (name) setError(name, { type: SERVER_ERROR, message });
          }
        },
      }),
  });

  const save = (values: FormValues) => {
    if (conflict.undecided > 0)
      return notifyError(
        t('resourceTypeAdmin.cannotSave'),
        t('form.saveConflict.waiting', { count: conflict.undecided }),
      );
    saving.mutate(values);
  };

  const onInvalid = (errors: FieldErrors<FormValues>) => {
    const first = firstErrorKey(
      Object.fromEntries(
        FIELD_ORDER.filter((name) => {
          const [head, tail] = name.split('.') as [keyof FormValues, string | undefined];
          const error = errors[head] as Record<string, unknown> | undefined;
          return tail ? error?.[tail] !== undefined : error !== undefined;
        }).map((name) => [name, true]),
      ),
      FIELD_ORDER,
    );
    if (first) focusById(fieldId(first));
    if (errors.schema?.message === msg('resourceTypes.invalidJson'))
      notifyError(t('resourceTypes.invalidJson'), t('resourcePackageEditor.invalidJsonText'));
  };

  const pair = (field: 'name' | 'description' | 'quotaUnit', labels: [string, string], multiline = false) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {(['en', 'de'] as const).map((language, index) =>
        multiline ? (
          <TextareaField
            key={language}
            control={control}
            name={`${field}.${language}`}
            id={fieldId(`${field}.${language}`)}
            label={labels[index]}
            withAsterisk
            rows={2}
            lang={language}
          />
        ) : (
          <TextInputField
            key={language}
            control={control}
            name={`${field}.${language}`}
            id={fieldId(`${field}.${language}`)}
            label={labels[index]}
            withAsterisk
            lang={language}
          />
        ),
      )}
    </SimpleGrid>
  );

  return (
    <form noValidate onSubmit={handleSubmit(save, onInvalid)}>
      <Stack gap="md">
        <SaveConflictNotice
          conflict={conflict}
          label={(key) => t(CONFLICT_LABELS[key as keyof typeof CONFLICT_LABELS])}
          text={(_key, value) => String(value ?? '') || t('serviceView.emptyValue')}
        />
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
            control={control}
            name="key"
            id={fieldId('key')}
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
                  (field.value.trim() !== '' && !parsePolicy(field.value).ok
                    ? t('resourceTypes.invalidJson')
                    : undefined)
                }
                required
                minHeight="16rem"
              />
            </div>
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('resourceTypeAdmin.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('resourceTypeAdmin.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
