import { ActionIcon, Alert, Button, Fieldset, Grid, Group, Radio, Stack, Text } from '@mantine/core';
import {
  CONTACT_PROPERTY_KINDS,
  contactFormSchema,
  mayHaveProperties,
  type Contact,
  type ContactFormInput,
} from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFieldArray, useWatch, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { CheckboxField, NativeSelectField, TextareaField, TextInputField, useErrorText } from '../../forms/fields';
import { useKeptDraftIds } from '../../forms/keptDraft';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { contactKeys, createContact, fetchContact, updateContact } from './api';
import { contactName } from './contactColumns';

/** The form's fields in the order a problem is looked for, each with the label a save conflict names it by. */
const FIELD_LABELS = {
  firstname: 'contacts.firstname',
  lastname: 'contacts.lastname',
  email: 'contacts.email',
  emailNotPersonal: 'contacts.emailNotPersonal',
  institutionId: 'contacts.institution',
  otherInstitution: 'contacts.otherInstitution',
  addresses: 'contacts.addresses',
  notes: 'contacts.notes',
  properties: 'contacts.properties',
} as const satisfies Partial<Record<FieldPath<ContactFormInput>, string>>;
const FIELD_ORDER = Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[];
const fieldId = (name: string) => `contact-${name.replaceAll('.', '-')}`;

const EMPTY_ADDRESS = { street: '', postalCode: '', city: '', country: '', primary: false };

const defaultsOf = (contact: Contact | undefined): ContactFormInput => ({
  firstname: contact?.firstname ?? '',
  lastname: contact?.lastname ?? '',
  email: contact?.email ?? '',
  emailNotPersonal: contact?.emailNotPersonal ?? false,
  institutionId: contact?.institutionId ?? null,
  otherInstitution: contact?.otherInstitution ?? '',
  notes: contact?.notes ?? '',
  addresses: (contact?.addresses ?? []).map(({ street, postalCode, city, country, primary }) => ({
    street,
    postalCode,
    city,
    country,
    primary,
  })),
  properties: (contact?.properties ?? []).map(({ kind, value }) => ({ kind, value })),
});

/** The form's name among the kept drafts (forms/keptDraft.ts). */
const DRAFT_FORM = 'contact';

/** Whether the contact form (of this contact, or a new one) was left with a draft when the session ended: the screen opens it again. */
export const useKeptContactDraft = (id: string | null): boolean => useKeptDraftIds(DRAFT_FORM).includes(id ?? 'new');

export interface ContactFormModalProps {
  /** The contact to edit; without one the modal creates a contact. */
  contact?: Contact;
  opened: boolean;
  onClose: () => void;
  /** A new contact was saved: the screen opens its details. */
  onCreated?: (contact: Contact) => void;
}

/** New or Edit contact: names, e-mail, institution, addresses with one primary, notes, properties. */
export const ContactFormModal = ({ contact, opened, onClose, onCreated }: ContactFormModalProps) => {
  const { t } = useTranslation();
  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      size="xl"
      title={t(contact ? 'contacts.editTitle' : 'contacts.createTitle')}
    >
      <ContactForm key={contact?.id ?? 'new'} contact={contact} onClose={onClose} onCreated={onCreated} />
    </ModalForm>
  );
};

const ContactForm = ({ contact, onClose, onCreated }: Omit<ContactFormModalProps, 'opened'>) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const institutions = useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 300_000 });
  const institutionName = (id: unknown) => {
    const found = institutions.data?.items.find((institution) => institution.id === id);
    return found ? `${found.abbreviation} – ${found.name}` : '';
  };
  const conflictText = (key: string, value: unknown) =>
    key === 'institutionId'
      ? institutionName(value)
      : key === 'addresses'
        ? (value as ContactFormInput['addresses'])
            .map((a) => [a.street, `${a.postalCode} ${a.city}`.trim(), a.country].filter(Boolean).join(', '))
            .join('; ')
        : key === 'properties'
          ? (value as ContactFormInput['properties'])
              .map((p) => `${t(`contactProperties.${p.kind}`)}: ${p.value}`)
              .join('; ')
          : undefined;
  const modal = useModalForm({
    schema: contactFormSchema,
    defaultValues: defaultsOf(contact),
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('contacts.cannotSave'),
    save: ({ properties: values, ...rest }, version) =>
      contact
        ? updateContact(contact.id, { ...rest, properties: values, version: version ?? contact.version })
        : createContact(rest),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: contactKeys.all });
      notifySuccess(t(contact ? 'contacts.updated' : 'contacts.created'), contactName(saved));
      if (!contact) onCreated?.(saved);
    },
    edit: contact && {
      version: contact.version,
      readAgain: async () => {
        void queryClient.invalidateQueries({ queryKey: contactKeys.all });
        const theirs = await queryClient.fetchQuery({
          queryKey: contactKeys.detail(contact.id),
          queryFn: () => fetchContact(contact.id),
          staleTime: 0,
        });
        return { values: defaultsOf(theirs), version: theirs.version };
      },
      label: (key) => t(FIELD_LABELS[key as keyof typeof FIELD_LABELS]),
      text: conflictText,
    },
    draft: { form: DRAFT_FORM, id: contact?.id ?? 'new' },
    // Every message the server gives has its field, the nested ones (an address's street) too.
    fieldOf: (key) => key as FieldPath<ContactFormInput>,
  });
  const { field } = modal;
  const { control, setValue, formState } = modal.form;
  const addresses = useFieldArray({ control, name: 'addresses' });
  const properties = useFieldArray({ control, name: 'properties' });
  const addressValues = useWatch({ control, name: 'addresses' });
  const withProperties = mayHaveProperties({ id: contact?.id });

  const makePrimary = (index: number) =>
    addressValues.forEach((_address, other) =>
      setValue(`addresses.${other}.primary`, other === index, {
        shouldDirty: true,
        shouldValidate: formState.isSubmitted,
      }),
    );
  const addAddress = () => addresses.append({ ...EMPTY_ADDRESS, primary: addressValues.length === 0 });
  const removeAddress = (index: number) => {
    const wasPrimary = addressValues[index]?.primary;
    addresses.remove(index);
    // The first remaining address becomes the primary one, so the rule holds without a click.
    if (wasPrimary && addressValues.length > 1) setValue(`addresses.0.primary`, true, { shouldDirty: true });
  };
  const addressesError = errorText(
    (formState.errors.addresses?.root ?? formState.errors.addresses) as Parameters<typeof errorText>[0],
  );
  const primaryIndex = addressValues.findIndex((address) => address.primary);

  return (
    <ModalFormBody modal={modal} submitLabel={t('contacts.save')} cancelLabel={t('contacts.cancel')}>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField {...field('firstname')} label={t('contacts.firstname')} withAsterisk />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField {...field('lastname')} label={t('contacts.lastname')} withAsterisk />
        </Grid.Col>
      </Grid>
      <TextInputField control={control} name="email" id={fieldId('email')} label={t('contacts.email')} type="email" />
      <CheckboxField {...field('emailNotPersonal')} label={t('contacts.emailNotPersonal')} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <NativeSelectField
            {...field('institutionId')}
            label={t('contacts.institution')}
            data={[
              { value: '', label: t('contacts.noInstitution') },
              ...(institutions.data?.items ?? []).map((institution) => ({
                value: institution.id,
                label: `${institution.abbreviation} – ${institution.name}`,
              })),
            ]}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInputField
            {...field('otherInstitution')}
            label={t('contacts.otherInstitution')}
            description={t('contacts.otherInstitutionHelp')}
          />
        </Grid.Col>
      </Grid>

      <Fieldset legend={t('contacts.addresses')} id={fieldId('addresses')} tabIndex={-1}>
        <Stack gap="md">
          {addresses.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('contacts.noAddresses')}
            </Text>
          )}
          <Radio.Group
            value={primaryIndex >= 0 ? String(primaryIndex) : ''}
            onChange={(value) => makePrimary(Number(value))}
            label={addresses.fields.length > 0 ? t('contacts.primary') : undefined}
            error={addressesError}
          >
            <Stack gap="md" mt={addresses.fields.length > 0 ? 'xs' : 0}>
              {addresses.fields.map((address, index) => (
                <Fieldset key={address.id} legend={t('contacts.addressNumber', { number: index + 1 })} variant="filled">
                  <Grid gap="sm">
                    <Grid.Col span={12}>
                      <TextInputField {...field(`addresses.${index}.street`)} label={t('contacts.street')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 3 }}>
                      <TextInputField {...field(`addresses.${index}.postalCode`)} label={t('contacts.postalCode')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 5 }}>
                      <TextInputField {...field(`addresses.${index}.city`)} label={t('contacts.city')} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 12, sm: 4 }}>
                      <TextInputField {...field(`addresses.${index}.country`)} label={t('contacts.country')} />
                    </Grid.Col>
                  </Grid>
                  <Group justify="space-between" mt="sm">
                    <Radio
                      value={String(index)}
                      label={t('contacts.primary')}
                      aria-label={`${t('contacts.primary')}: ${t('contacts.addressNumber', { number: index + 1 })}`}
                    />
                    <Button variant="subtle" color="red" size="compact-sm" onClick={() => removeAddress(index)}>
                      {t('contacts.removeAddress', { number: index + 1 })}
                    </Button>
                  </Group>
                </Fieldset>
              ))}
            </Stack>
          </Radio.Group>
          <div>
            <Button variant="default" onClick={addAddress}>
              {t('contacts.addAddress')}
            </Button>
          </div>
        </Stack>
      </Fieldset>

      <TextareaField control={control} name="notes" id={fieldId('notes')} label={t('contacts.notes')} rows={3} />

      <Fieldset legend={t('contacts.properties')} id={fieldId('properties')} tabIndex={-1} disabled={!withProperties}>
        <Stack gap="sm">
          {!withProperties && (
            <Alert variant="light" color="blue">
              {t('contacts.propertiesAfterSaveHint')}
            </Alert>
          )}
          {withProperties && properties.fields.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('contacts.noProperties')}
            </Text>
          )}
          {properties.fields.map((property, index) => (
            <Group key={property.id} align="flex-end" gap="sm" wrap="nowrap">
              <NativeSelectField
                {...field(`properties.${index}.kind`)}
                label={t('contacts.propertyKind')}
                data={CONTACT_PROPERTY_KINDS.map((kind) => ({ value: kind, label: t(`contactProperties.${kind}`) }))}
                w={{ base: 130, sm: 220 }}
              />
              <TextInputField
                {...field(`properties.${index}.value`)}
                label={t('contacts.propertyValue')}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                mb={2}
                aria-label={t('contacts.removeProperty', { number: index + 1 })}
                onClick={() => properties.remove(index)}
              >
                ×
              </ActionIcon>
            </Group>
          ))}
          <div>
            <Button
              variant="default"
              disabled={!withProperties}
              onClick={() => properties.append({ kind: 'platform', value: '' })}
            >
              {t('contacts.addProperty')}
            </Button>
          </div>
        </Stack>
      </Fieldset>
    </ModalFormBody>
  );
};
