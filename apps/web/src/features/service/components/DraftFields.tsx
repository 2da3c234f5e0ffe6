import { Box, Stack, TextInput } from '@mantine/core';
import {
  can,
  isRequiredAt,
  mayPlaceServiceUnder,
  type FieldDefinition,
  type ServiceDetail,
  type FieldStep,
} from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { principalOf } from '../../../auth/principal';
import { useSession } from '../../../auth/SessionProvider';
import { fetchCentreChoice, serviceKeys } from '../../../api/services';
import { fieldDomId, NAME_KEY, PROVIDER_KEY } from '../formModel';
import { FieldInput } from '../inputs/FieldInput';
import { InstitutionSelect } from '../../../components/InstitutionSelect';
import { messageText, type ServiceDraft } from '../useServiceDraft';

export interface DraftFieldsProps {
  fields: readonly FieldDefinition[];
  draft: ServiceDraft;
  service: ServiceDetail | null;
  /** The step this form leads to: fields required there are marked as required. */
  step: FieldStep;
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

/**
 * The provider institution. The portfolio manager chooses any centre; everyone else is offered
 * only their own (the service's current one stays on the list), which a new application starts
 * with, locked when there is nothing else: the domain's mayPlaceServiceUnder, as the server checks it.
 */
export const ProviderInput = ({ draft, service }: { draft: ServiceDraft; service: ServiceDetail | null }) => {
  const { t } = useTranslation();
  const { session } = useSession();
  const choice = useQuery({ queryKey: serviceKeys.centreChoice, queryFn: fetchCentreChoice, staleTime: 5 * 60_000 });
  const principal = principalOf(session);
  const own = choice.data?.own ?? null;
  const anyCentre = principal !== null && can(principal, 'service.anyCentre');
  const current = service ? (service.providerInstitution?.id ?? null) : undefined;
  const allowed = (id: string | null) =>
    // Until the own centre is known, only what is there already.
    principal !== null &&
    (choice.data !== undefined || anyCentre) &&
    mayPlaceServiceUnder({ ...principal, institutionId: own?.id ?? null }, id, current);
  // A new application without a choice goes to the caller's own centre (the server's default): shown so.
  const value = draft.values.providerInstitutionId ?? (service || anyCentre ? null : (own?.id ?? null));
  return (
    <Box maw="32rem">
      <InstitutionSelect
        id={fieldDomId(PROVIDER_KEY)}
        label={t('serviceView.provider')}
        description={t(anyCentre ? 'serviceView.providerHelp' : 'serviceView.providerOwnHelp')}
        value={value}
        known={service?.providerInstitution ?? own}
        allowed={allowed}
        onChange={draft.setProvider}
        error={messageText(t, draft.errorOf(PROVIDER_KEY))}
      />
    </Box>
  );
};
