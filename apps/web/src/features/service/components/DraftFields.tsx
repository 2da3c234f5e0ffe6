import { Box, Stack, TextInput } from '@mantine/core';
import { isRequiredAt, type FieldDefinition, type ServiceDetail, type ValidationStep } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { fieldDomId, NAME_KEY, PROVIDER_KEY } from '../formModel';
import { FieldInput } from '../inputs/FieldInput';
import { InstitutionSelect } from '../inputs/InstitutionSelect';
import { messageText, type ServiceDraft } from '../useServiceDraft';

export interface DraftFieldsProps {
  fields: readonly FieldDefinition[];
  draft: ServiceDraft;
  service: ServiceDetail | null;
  /** The step this form leads to: fields required there are marked as required. */
  step: ValidationStep;
}

/** The catalogue fields of a form, bound to the draft; fields needed only later say when. */
export const DraftFields = ({ fields, draft, service, step }: DraftFieldsProps) => {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {fields.map((field) => (
        <FieldInput
          key={field.key}
          field={field}
          value={draft.values.fields[field.key]}
          onChange={(value) => draft.setField(field.key, value)}
          error={messageText(t, draft.errorOf(field.key))}
          required={isRequiredAt(field, step)}
          hint={
            field.requiredFrom && !isRequiredAt(field, step)
              ? t(`serviceView.requiredFrom.${field.requiredFrom}`)
              : undefined
          }
          refs={service?.refs}
          keywords={service?.keywords}
        />
      ))}
    </Stack>
  );
};

/** The service's name: the one thing every save needs. */
export const NameInput = ({ draft }: { draft: ServiceDraft }) => {
  const { t } = useTranslation();
  return (
    <TextInput
      maw="36rem"
      id={fieldDomId(NAME_KEY)}
      label={t('serviceView.name')}
      description={t('serviceView.nameHelp')}
      required
      value={draft.values.name}
      onChange={(event) => draft.setName(event.currentTarget.value)}
      error={messageText(t, draft.errorOf(NAME_KEY))}
    />
  );
};

/** The provider institution; a new application starts with the applicant's own. */
export const ProviderInput = ({ draft, service }: { draft: ServiceDraft; service: ServiceDetail | null }) => {
  const { t } = useTranslation();
  return (
    <Box maw="32rem">
      <InstitutionSelect
        id={fieldDomId(PROVIDER_KEY)}
        label={t('serviceView.provider')}
        description={t('serviceView.providerHelp')}
        value={draft.values.providerInstitutionId}
        known={service?.providerInstitution ?? null}
        onChange={draft.setProvider}
        error={messageText(t, draft.errorOf(PROVIDER_KEY))}
      />
    </Box>
  );
};
