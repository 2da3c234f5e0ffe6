import { Alert, List, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { VO_AUP_CLAUSES, VO_TERMS_PARAGRAPHS, type UserRef, type VoDetails, type VoFormInput } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useController, type Control, type UseFormClearErrors, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ExternalLink } from '../../../components/ExternalLink';
import {
  CheckboxField,
  NativeSelectField,
  SERVER_ERROR,
  TextareaField,
  TextInputField,
  useErrorText,
  NumberInputField,
} from '../../../forms/fields';
import { useSession } from '../../../auth/SessionProvider';
import { fetchInstitutions, serviceKeys } from '../../../api/services';
import { UserPicker, userLabel, type UserSource } from '../../../components/UserPicker';
import { checkVoName, fetchVoServiceOptions, fetchVoSettings, searchVoDeputies, voKeys } from '../api';
import { voFieldId } from './voFormModel';

export interface VoPageProps {
  control: Control<VoFormInput>;
  /** The application being edited; null on New VO Application. */
  vo: VoDetails | null;
}

/** A bound input's form, name, DOM id and label, as each of the application's inputs takes them. */
const useVoField = (control: Control<VoFormInput>) => {
  const { t } = useTranslation();
  return <Name extends keyof VoFormInput>(name: Name) => ({
    control,
    name,
    id: voFieldId(name),
    label: t(`vos.fields.${name}`),
  });
};

/** Page 1: the alliance's terms of use, read-only, and the box that confirms them. */
export const TermsOfUsePage = ({ control }: VoPageProps) => {
  const { t } = useTranslation();
  const input = useVoField(control);
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        {t('vos.termsOfUse.title')}
      </Title>
      {VO_TERMS_PARAGRAPHS.map((paragraph) => (
        <Text key={paragraph} maw="48rem">
          {t(`vos.termsOfUse.${paragraph}`)}
        </Text>
      ))}
      <CheckboxField {...input('termsConfirmed')} />
    </Stack>
  );
};

/** Page 2: the AAI's policy documents, each opening in a new tab, and the box that accepts them. */
export const AaiPoliciesPage = ({ control }: VoPageProps) => {
  const { t } = useTranslation();
  const input = useVoField(control);
  const settings = useQuery({
    queryKey: voKeys.settings,
    queryFn: ({ signal }) => fetchVoSettings(signal),
    staleTime: 5 * 60_000,
  });
  return (
    <Stack gap="md">
      <Text maw="48rem">{t('voScreens.policiesIntro')}</Text>
      {settings.isError ? (
        <Alert color="red" role="alert">
          {t('voScreens.settingsFailed')}
        </Alert>
      ) : (
        <List aria-label={t('voScreens.policyDocuments')}>
          {(settings.data?.policies ?? []).map((document) => (
            <List.Item key={document.url}>
              <ExternalLink href={document.url}>{document.name}</ExternalLink>
            </List.Item>
          ))}
        </List>
      )}
      <CheckboxField {...input('policiesAccepted')} />
    </Stack>
  );
};

/** VO managers may not search every user; the VO API offers them the people to name. */
const DEPUTIES: UserSource = { key: voKeys.userOptions, search: searchVoDeputies };

/** The deputy, picked among the portal's users like a service's roles. */
const DeputyInput = ({ control, vo }: VoPageProps) => {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'deputyId' });
  const errorText = useErrorText();
  return (
    <UserPicker
      id={voFieldId('deputyId')}
      label={t('vos.fields.deputyId')}
      description={t('voScreens.deputyDescription')}
      value={field.value ?? null}
      known={vo?.deputy ?? null}
      onChange={(user: UserRef | null) => field.onChange(user?.id ?? null)}
      onBlur={field.onBlur}
      error={errorText(fieldState.error)}
      w={{ base: '100%', sm: '28rem' }}
      source={DEPUTIES}
    />
  );
};

/** The home institution, one of the portal's institutions. */
const HomeInstitutionInput = ({ control }: VoPageProps) => {
  const { t } = useTranslation();
  const input = useVoField(control);
  const institutions = useQuery({
    queryKey: serviceKeys.institutions,
    queryFn: fetchInstitutions,
    staleTime: 5 * 60_000,
  });
  const items = [...(institutions.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <NativeSelectField
      {...input('homeInstitutionId')}
      data={[
        { value: '', label: t('voScreens.chooseInstitution') },
        ...items.map((institution) => ({
          value: institution.id,
          label: `${institution.name} (${institution.abbreviation})`,
        })),
      ]}
      maw="32rem"
    />
  );
};

/** The services the VO wants, among those online; the ones chosen before stay named. */
const ServicesInput = ({ control, vo }: VoPageProps) => {
  const { t } = useTranslation();
  const options = useQuery({
    queryKey: voKeys.serviceOptions,
    queryFn: ({ signal }) => fetchVoServiceOptions(signal),
    staleTime: 60_000,
  });
  const {
    field: { ref, name, value, onChange, onBlur },
    fieldState,
  } = useController({ control, name: 'serviceIds' });
  const errorText = useErrorText();
  const byId = new Map((vo?.services ?? []).map((service) => [service.id, service.name]));
  for (const service of options.data?.items ?? []) byId.set(service.id, service.name);
  const data = [...byId].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  return (
    <MultiSelect
      ref={ref}
      id={voFieldId('serviceIds')}
      name={name}
      label={t('vos.fields.serviceIds')}
      description={t('voScreens.servicesDescription')}
      data={data}
      value={value ?? []}
      onChange={onChange}
      onBlur={onBlur}
      error={errorText(fieldState.error) ?? (options.isError ? t('voScreens.servicesFailed') : undefined)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('voScreens.clearServices') }}
      nothingFoundMessage={t('serviceView.noMatches')}
      comboboxProps={{ transitionProps: { duration: 0 } }}
      maw="40rem"
    />
  );
};

export interface GeneralPageProps extends VoPageProps {
  setError: UseFormSetError<VoFormInput>;
  clearErrors: UseFormClearErrors<VoFormInput>;
}

/** Page 3: the VO's name and purpose, where it belongs, who runs it and what it wants to use. */
export const GeneralPage = ({ control, vo, setError, clearErrors }: GeneralPageProps) => {
  const { t } = useTranslation();
  const input = useVoField(control);
  const { session } = useSession();
  // A new application's VO manager is the person applying.
  const applicant =
    vo?.applicant ??
    (session ? { id: '', username: session.username, fullname: session.fullname, email: session.email } : null);
  const { field, fieldState } = useController({ control, name: 'name' });
  const serverSaid = fieldState.error?.type === SERVER_ERROR;

  // The server's verdict (the check on leaving the field, or a refused save) was on the name as it
  // was: once the name changes, the verdict goes with it, so a message on the screen always means
  // that the save is refused.
  const judgedName = useRef<string | null>(null);
  useEffect(() => {
    if (!serverSaid) judgedName.current = null;
    else if (judgedName.current === null) judgedName.current = field.value;
    else if (judgedName.current !== field.value) clearErrors('name');
  }, [serverSaid, field.value, clearErrors]);

  // The rules only the server knows (reserved prefixes, the other VOs' names) are asked as soon as
  // the name is left, so the reason shows before a save is tried.
  const checkName = async () => {
    const name = field.value.trim();
    if (!name || name === vo?.name) return;
    try {
      const answer = await checkVoName(name);
      if (answer.name !== field.value.trim()) return;
      if (!answer.ok && answer.message) setError('name', { type: SERVER_ERROR, message: answer.message });
    } catch {
      // The save checks the same rules; a failed look-up only means the message comes then.
    }
  };

  return (
    <Stack gap="md">
      <div onBlur={() => void checkName()}>
        <TextInputField {...input('name')} description={t('voScreens.nameDescription')} withAsterisk maw="28rem" />
      </div>
      <TextareaField {...input('description')} autosize minRows={3} maw="48rem" />
      <HomeInstitutionInput control={control} vo={vo} />
      <div>
        <Text size="sm" fw={700}>
          {t('vos.fields.applicant')}
        </Text>
        <Text>{applicant ? userLabel(applicant) : '–'}</Text>
      </div>
      <DeputyInput control={control} vo={vo} />
      <TextInputField
        {...input('securityContactEmail')}
        description={t('voScreens.securityContactDescription')}
        type="email"
        maw="32rem"
      />
      <NumberInputField {...input('expectedMembers')} min={1} maw="20rem" />
      <ServicesInput control={control} vo={vo} />
    </Stack>
  );
};

/** The alliance's AUP template, read-only: the same for every VO. */
export const AupTemplate = () => {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('vos.aup.title')}
      </Title>
      <Text maw="48rem">{t('vos.aup.intro')}</Text>
      <List type="ordered" spacing="xs" maw="48rem">
        {VO_AUP_CLAUSES.map((clause) => (
          <List.Item key={clause}>{t(`vos.aup.${clause}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
};

/** Page 4: the AUP template and the VO's own additions. */
export const AupPage = ({ control }: VoPageProps) => {
  const { t } = useTranslation();
  const input = useVoField(control);
  return (
    <Stack gap="lg">
      <AupTemplate />
      <TextareaField
        {...input('aupAdditions')}
        description={t('voScreens.aupAdditionsDescription')}
        autosize
        minRows={4}
        maw="48rem"
      />
    </Stack>
  );
};
