import { Group, NumberInput, Select, TagsInput, TextInput } from '@mantine/core';
import {
  createResourcePackageSchema,
  msg,
  policyDefaults,
  type CreateResourcePackage,
  type ResourcePackage,
  type ResourceType,
} from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { useErrorText } from '../../../forms/fields';
import { useKeptDraftIds } from '../../../forms/keptDraft';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import {
  createResourcePackage,
  fetchResourcePackage,
  fetchResourceTypes,
  resourcePackageKeys,
  updateResourcePackage,
} from '../api';
import { inLanguage } from '../localized';
import { PolicyEditor } from '../policy/PolicyEditor';
import { parsePolicy, policyText } from '../policy/policyText';

/**
 * The form's values are the create body's; an edit sends them with the version it read. Text that
 * does not parse is refused here, before anything is sent, with the server's own words.
 */
const formSchema = createResourcePackageSchema.superRefine((values, ctx) => {
  if (values.policy.trim() !== '' && !parsePolicy(values.policy).ok)
    ctx.addIssue({ code: 'custom', path: ['policy'], message: msg('resourcePackages.invalidJson') });
});

type FormValues = CreateResourcePackage;
type FieldName = keyof FormValues;

const FIELD_ORDER: readonly FieldName[] = ['name', 'typeId', 'quota', 'policyNames', 'policy'];
const fieldId = (name: string) => `resource-package-${name}`;
const CONFLICT_LABELS = {
  name: 'resourcePackageEditor.name',
  typeId: 'resourcePackageEditor.type',
  quota: 'resourcePackageEditor.quota',
  policyNames: 'resourcePackageEditor.policyNames',
  policy: 'resourcePackageEditor.policy',
} as const satisfies Record<FieldName, string>;

/** The server names a field `policyNames.0` or `policyNames/0`; the form shows it at the field. */
const formField = (key: string): FieldName | null => {
  const name = key.split(/[./]/)[0] as FieldName;
  return FIELD_ORDER.includes(name) ? name : null;
};

export interface ResourcePackageFormModalProps {
  /** The service's id (the UUID in the API's paths). */
  serviceId: string;
  /** The package to edit; without one the modal creates a new package. */
  resourcePackage?: ResourcePackage;
  opened: boolean;
  onClose: () => void;
  onSaved?: (saved: ResourcePackage) => void;
}

/** Create or edit a Resource Package: name, type, quota, policy names and the policy. */
export const ResourcePackageFormModal = ({
  opened,
  onClose,
  resourcePackage,
  ...rest
}: ResourcePackageFormModalProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t(resourcePackage ? 'resourcePackageEditor.editTitle' : 'resourcePackageEditor.createTitle')}
    >
      <ResourcePackageForm
        key={resourcePackage?.id ?? 'new'}
        resourcePackage={resourcePackage}
        onClose={onClose}
        {...rest}
      />
    </ModalForm>
  );
};

const defaultsOf = (resourcePackage: ResourcePackage | undefined): Partial<FormValues> =>
  resourcePackage
    ? {
        name: resourcePackage.name,
        typeId: resourcePackage.type.id,
        quota: resourcePackage.quota,
        policyNames: resourcePackage.policyNames,
        policy: policyText(resourcePackage.policy),
      }
    : { name: '', policyNames: [], policy: '' };

/** The types a package may choose: the active ones, and the one it keeps even when retired. */
const typeOptions = (
  types: readonly ResourceType[],
  current: string | undefined,
  language: string | undefined,
  t: (key: 'resourcePackageEditor.typeRetired', options: { name: string }) => string,
) =>
  types
    .filter((type) => !type.retired || type.id === current)
    .map((type) => {
      const name = inLanguage(type.name, language);
      return { value: type.id, label: type.retired ? t('resourcePackageEditor.typeRetired', { name }) : name };
    })
    .sort((a, b) => a.label.localeCompare(b.label, language));

type FormProps = Omit<ResourcePackageFormModalProps, 'opened'>;

/** The form's name among the kept drafts (forms/keptDraft.ts), and the object a draft is of: a package, or a new one on a service. */
const DRAFT_FORM = 'resource-package';
const draftId = (serviceId: string, resourcePackage: ResourcePackage | undefined) =>
  resourcePackage?.id ?? `new-${serviceId}`;

/**
 * Whether the package form was left with a draft when the session ended, for a screen to open it
 * again: the new package on this service, or this package.
 */
export const useKeptPackageDraft = (serviceId: string, resourcePackage?: ResourcePackage): boolean =>
  useKeptDraftIds(DRAFT_FORM).includes(draftId(serviceId, resourcePackage));

const ResourcePackageForm = ({ serviceId, resourcePackage, onClose, onSaved }: FormProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes });
  const typeName = (id: unknown) => {
    const found = types.data?.items.find((candidate) => candidate.id === id);
    return found ? inLanguage(found.name, language) : String(id ?? '');
  };
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  const modal = useModalForm({
    schema: formSchema,
    defaultValues: defaultsOf(resourcePackage),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('resourcePackageEditor.cannotSave'),
    save: (values, version) =>
      resourcePackage
        ? updateResourcePackage(serviceId, resourcePackage.id, {
            ...values,
            version: version ?? resourcePackage.version,
          })
        : createResourcePackage(serviceId, values),
    onSaved: (saved) => {
      queryClient.setQueryData(resourcePackageKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.ofService(serviceId) });
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.history(saved.id) });
      notifySuccess(t(resourcePackage ? 'resourcePackages.updated' : 'resourcePackages.created'), saved.name);
      onSaved?.(saved);
    },
    edit: resourcePackage && {
      version: resourcePackage.version,
      readAgain: async () => {
        void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.ofService(serviceId) });
        const theirs = await queryClient.fetchQuery({
          queryKey: resourcePackageKeys.one(resourcePackage.id),
          queryFn: () => fetchResourcePackage(serviceId, resourcePackage.id),
          staleTime: 0,
        });
        return { values: defaultsOf(theirs) as FormValues, version: theirs.version };
      },
      label: (key) => t(CONFLICT_LABELS[key as FieldName]),
      text: (key, value) => (key === 'typeId' ? typeName(value) : undefined),
    },
    draft: { form: DRAFT_FORM, id: draftId(serviceId, resourcePackage) },
    // On a screen with a leave guard (the service's tabs), leaving it with edits here asks first.
    guard: 'resource-package-form',
    // A message about a path in the policy shows in the policy editor, at that path.
    fieldOf: (key) => (key.startsWith('policy/') ? null : formField(key)),
    onFields: (fields) =>
      setPolicyErrors(Object.fromEntries(Object.entries(fields).filter(([key]) => key.startsWith('policy/')))),
    onInvalid: (errors) => {
      if (errors.policy?.message === msg('resourcePackages.invalidJson'))
        notifyError(t('resourcePackageEditor.invalidJson'), t('resourcePackageEditor.invalidJsonText'));
    },
  });
  const { control, setValue, getValues, formState } = modal.form;
  const typeId = useWatch({ control, name: 'typeId' });

  const type = types.data?.items.find((candidate) => candidate.id === typeId);
  const unit = type
    ? inLanguage(type.quotaUnit, language)
    : resourcePackage && typeId === resourcePackage.type.id
      ? inLanguage(resourcePackage.type.quotaUnit, language)
      : undefined;

  const chooseType = (next: string | null) => {
    const schemaOf = (id: string | undefined) => types.data?.items.find((candidate) => candidate.id === id)?.schema;
    const before = getValues('policy') ?? '';
    // A policy nobody has written yet (none, or the previous type's untouched start) becomes what the
    // new type's form starts from: its defaults, every yes/no written as false, so it saves as it is.
    const untouched =
      before.trim() === '' || before.trim() === '{}' || before === policyText(policyDefaults(schemaOf(typeId)));
    setValue('typeId', next ?? '', { shouldDirty: true, shouldValidate: formState.isSubmitted });
    if (next && untouched) setValue('policy', policyText(policyDefaults(schemaOf(next))), { shouldDirty: true });
  };

  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('resourcePackageEditor.save')}
      cancelLabel={t('resourcePackageEditor.cancel')}
    >
      <Controller
        control={control}
        name="name"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            id={fieldId('name')}
            label={t('resourcePackageEditor.name')}
            withAsterisk
            maw="40rem"
            error={errorText(fieldState.error)}
          />
        )}
      />
      <Group align="flex-start" gap="md" wrap="wrap">
        <Controller
          control={control}
          name="typeId"
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              id={fieldId('typeId')}
              label={t('resourcePackageEditor.type')}
              placeholder={t('resourcePackageEditor.typePlaceholder')}
              withAsterisk
              data={typeOptions(types.data?.items ?? [], resourcePackage?.type.id, language, t)}
              value={field.value || null}
              onChange={chooseType}
              onBlur={field.onBlur}
              allowDeselect={false}
              error={errorText(fieldState.error)}
              w="20rem"
              maw="100%"
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <Controller
          control={control}
          name="quota"
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              id={fieldId('quota')}
              name={field.name}
              label={unit ? t('resourcePackageEditor.quotaIn', { unit }) : t('resourcePackageEditor.quota')}
              withAsterisk
              min={0}
              value={field.value ?? ''}
              onChange={(next) => field.onChange(typeof next === 'number' ? next : undefined)}
              onBlur={field.onBlur}
              error={errorText(fieldState.error)}
              w="14rem"
              maw="100%"
            />
          )}
        />
      </Group>
      <Controller
        control={control}
        name="policyNames"
        render={({ field, fieldState }) => {
          // A message about one name (too long) shows at the list like one about the list.
          const indexed = Array.isArray(fieldState.error) ? fieldState.error.find(Boolean) : undefined;
          return (
            <TagsInput
              ref={field.ref}
              id={fieldId('policyNames')}
              label={t('resourcePackageEditor.policyNames')}
              description={t('resourcePackageEditor.policyNamesDescription')}
              withAsterisk
              value={field.value ?? []}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(fieldState.error ?? indexed)}
              maw="40rem"
              acceptValueOnBlur
            />
          );
        }}
      />
      <Controller
        control={control}
        name="policy"
        render={({ field, fieldState }) => (
          <div id={fieldId('policy')} tabIndex={-1}>
            <PolicyEditor
              value={field.value ?? ''}
              onChange={(text) => {
                field.onChange(text);
                setPolicyErrors({});
              }}
              schema={type?.schema ?? null}
              serverErrors={policyErrors}
              error={errorText(fieldState.error)}
              showValidation={formState.isSubmitted}
              noSchemaHint={
                typeId
                  ? types.isPending
                    ? undefined
                    : t('resourcePackageEditor.typeUnknown')
                  : t('resourcePackageEditor.chooseTypeFirst')
              }
            />
          </div>
        )}
      />
    </ModalFormBody>
  );
};
