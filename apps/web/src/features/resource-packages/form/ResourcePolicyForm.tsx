import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  createResourcePackageSchema,
  msg,
  routePath,
  schemaAt,
  type ResourcePackage,
  type ResourceType,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../../api/notify';
import { compareForConflict } from '../../../forms/choices/saveConflict';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import { useConflictChoices } from '../../../forms/choices/useSaveConflict';
import { SERVER_ERROR, useErrorText } from '../../../forms/fields';
import { focusById } from '../../../forms/focusFirstError';
import { LeaveGuard, useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { Link, useNavigate } from '../../../routing';
import { reportWriteError } from '../../../api/writes';
import { fetchResourcePackage, resourcePackageKeys, updateResourcePackage } from '../api';
import { inLanguage } from '../localized';
import { PolicyEditor } from '../policy/PolicyEditor';
import { policyLeaves, policyPlaceLabel, policyValueText, withPolicyValue } from '../policy/policyReadout';
import { parsePolicy, policyText } from '../policy/policyText';

const policySchema = z.object({ policy: createResourcePackageSchema.shape.policy }).superRefine(({ policy }, ctx) => {
  if (policy.trim() !== '' && !parsePolicy(policy).ok)
    ctx.addIssue({ code: 'custom', path: ['policy'], message: msg('resourcePackages.invalidJson') });
});

export interface ResourcePolicyFormProps {
  resourcePackage: ResourcePackage;
  /** The package's type with its JSON Schema; undefined while unknown (only the JSON view then). */
  type: ResourceType | undefined;
}

const POLICY_ID = 'resource-policy';

/** A policy text's value; text that is not JSON counts as an empty policy. */
const policyValue = (text: string): unknown => {
  const parsed = parsePolicy(text);
  return parsed.ok ? parsed.value : {};
};

/**
 * The resource form: one package's policy on a page of its own. A save changes the policy only
 * (the other values go back as they were read); a package the caller may not change now is shown
 * read-only with the reason.
 */
export const ResourcePolicyForm = (props: ResourcePolicyFormProps) => (
  <LeaveGuard>
    <PolicyPage {...props} />
  </LeaveGuard>
);

const PolicyPage = ({ resourcePackage, type }: ResourcePolicyFormProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const initial = policyText(resourcePackage.policy);
  const { control, handleSubmit, setError, reset, formState, getValues, setValue } = useZodForm(policySchema, {
    defaultValues: { policy: initial },
  });
  // A save conflict asks per place of the policy, as its history names them (ADR 0085); a list is
  // one place.
  const [read, setRead] = useState({ version: resourcePackage.version, policy: initial });
  const applyField = useCallback(
    (pointer: string, value: unknown) =>
      setValue('policy', policyText(withPolicyValue(policyValue(getValues('policy')), pointer, value)), {
        shouldDirty: true,
      }),
    [getValues, setValue],
  );
  const conflict = useConflictChoices(applyField);
  /** Someone else saved the package first: their policy place by place beside what was typed. */
  const meetConflict = async () => {
    // Unreadable now (deleted, the network): the typing stays, and the next save says why.
    const theirs = await queryClient
      .fetchQuery({
        queryKey: resourcePackageKeys.one(resourcePackage.id),
        queryFn: () => fetchResourcePackage(resourcePackage.service.id, resourcePackage.id),
        staleTime: 0,
      })
      .catch(() => null);
    if (!theirs) return;
    const places = (value: unknown) => Object.fromEntries(policyLeaves(value ?? {}));
    const [base, mine, saved] = [
      places(policyValue(read.policy)),
      places(policyValue(getValues('policy'))),
      places(theirs.policy),
    ];
    const pointers = [...new Set([...Object.keys(base), ...Object.keys(mine), ...Object.keys(saved)])];
    const { rows, taken } = compareForConflict(pointers, base, mine, saved);
    for (const pointer of taken) applyField(pointer, saved[pointer]);
    setRead({ version: theirs.version, policy: policyText(theirs.policy) });
    conflict.start(rows, taken);
  };
  const conflictLabel = (pointer: string) => policyPlaceLabel(type?.schema, pointer, language);
  const conflictText = (pointer: string, value: unknown) =>
    policyValueText(schemaAt(type?.schema, pointer, undefined), value, language, t);
  const policy = useWatch({ control, name: 'policy' });
  const dirty = policy !== initial;
  useGuardedForm('resource-policy', { dirty, discard: () => reset({ policy: initial }) });
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  const back = routePath('policy', { serviceID: resourcePackage.service.id, policyUID: resourcePackage.id });

  const saving = useMutation({
    mutationFn: (text: string) =>
      updateResourcePackage(resourcePackage.service.id, resourcePackage.id, {
        version: read.version,
        name: resourcePackage.name,
        typeId: resourcePackage.type.id,
        quota: resourcePackage.quota,
        policyNames: resourcePackage.policyNames,
        policy: text,
      }),
    onSuccess: (saved) => {
      conflict.clear();
      queryClient.setQueryData(resourcePackageKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.ofService(saved.service.id) });
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.history(saved.id) });
      reset({ policy: policyText(saved.policy) });
      notifySuccess(t('resourcePackages.updated'), saved.name);
      navigate(back);
    },
    onError: (error) =>
      reportWriteError(error, t('resourcePackageEditor.cannotSave'), t, {
        conflictMessage: t('form.saveConflict.toast'),
        onConflict: () => void meetConflict(),
        onFields: (fields) => {
          const placed: Record<string, string> = {};
          for (const [key, message] of Object.entries(fields)) {
            if (key.startsWith('policy/')) placed[key] = message;
            else setError('policy', { type: SERVER_ERROR, message });
          }
          setPolicyErrors(placed);
        },
      }),
  });

  const readOnlyReason = resourcePackage.canEdit
    ? null
    : resourcePackage.state === 'submitted'
      ? t('resourcePackageEditor.readOnlyUnderReview')
      : t('resourcePackageEditor.readOnlyNoRight');

  const schema = type?.schema ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{resourcePackage.name}</Title>
        <Text c="dimmed" mt={4}>
          {resourcePackage.service.name}
        </Text>
      </div>
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="xs">
          <div>
            <Text size="sm" c="dimmed">
              {t('resourcePackageEditor.type')}
            </Text>
            <Text>{inLanguage(resourcePackage.type.name, language)}</Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('resourcePackageEditor.quota')}
            </Text>
            <Text>
              {resourcePackage.quota.toLocaleString(language)} {inLanguage(resourcePackage.type.quotaUnit, language)}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('resourcePackageEditor.state')}
            </Text>
            <Badge variant="light" tt="none" c="bright">
              {t(`resourcePackages.states.${resourcePackage.state}`)}
            </Badge>
          </div>
        </SimpleGrid>
      </Paper>
      {readOnlyReason ? (
        <Alert color="blue" variant="light">
          {readOnlyReason}
        </Alert>
      ) : (
        <Text>{t('resourcePackageEditor.pageIntro')}</Text>
      )}
      <form
        noValidate
        onSubmit={handleSubmit(
          ({ policy: text }) =>
            conflict.undecided > 0
              ? notifyError(
                  t('resourcePackageEditor.cannotSave'),
                  t('form.saveConflict.waiting', { count: conflict.undecided }),
                )
              : saving.mutate(text),
          (errors) => {
            focusById(POLICY_ID);
            if (errors.policy?.message === msg('resourcePackages.invalidJson'))
              notifyError(t('resourcePackageEditor.invalidJson'), t('resourcePackageEditor.invalidJsonText'));
          },
        )}
      >
        <Stack gap="md">
          <SaveConflictNotice conflict={conflict} label={conflictLabel} text={conflictText} />
          <Controller
            control={control}
            name="policy"
            render={({ field, fieldState }) => (
              <div id={POLICY_ID} tabIndex={-1}>
                <PolicyEditor
                  value={field.value}
                  onChange={
                    readOnlyReason
                      ? undefined
                      : (text) => {
                          field.onChange(text);
                          setPolicyErrors({});
                        }
                  }
                  schema={schema}
                  serverErrors={policyErrors}
                  error={errorText(fieldState.error)}
                  showValidation={formState.isSubmitted}
                  noSchemaHint={t('resourcePackageEditor.typeUnknown')}
                />
              </div>
            )}
          />
          <Group gap="sm">
            {!readOnlyReason && (
              <Button type="submit" loading={saving.isPending}>
                {t('resourcePackageEditor.save')}
              </Button>
            )}
            <Button component={Link} to={back} variant="default">
              {readOnlyReason ? t('resourcePackageEditor.backToPolicy') : t('resourcePackageEditor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
};
