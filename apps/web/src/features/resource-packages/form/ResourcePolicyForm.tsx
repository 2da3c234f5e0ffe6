import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { createResourcePackageSchema, msg, routePath, type ResourcePackage, type ResourceType } from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyError, notifySuccess } from '../../../components/notify';
import { SERVER_ERROR, useErrorText } from '../../../forms/fields';
import { focusById } from '../../../forms/focusFirstError';
import { LeaveGuard, useGuardedForm } from '../../../forms/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { Link, useNavigate } from '../../../routing';
import { reportWriteError } from '../../service/writes';
import { resourcePackageKeys, updateResourcePackage } from '../api';
import { inLanguage } from '../localized';
import { PolicyEditor } from '../policy/PolicyEditor';
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
  const { control, handleSubmit, setError, reset, formState } = useZodForm(policySchema, {
    defaultValues: { policy: initial },
  });
  const policy = useWatch({ control, name: 'policy' });
  const dirty = policy !== initial;
  useGuardedForm('resource-policy', { dirty, discard: () => reset({ policy: initial }) });
  const [policyErrors, setPolicyErrors] = useState<Record<string, string>>({});
  const back = routePath('policy', { serviceID: resourcePackage.service.id, policyUID: resourcePackage.id });

  const saving = useMutation({
    mutationFn: (text: string) =>
      updateResourcePackage(resourcePackage.service.id, resourcePackage.id, {
        version: resourcePackage.version,
        name: resourcePackage.name,
        typeId: resourcePackage.type.id,
        quota: resourcePackage.quota,
        policyNames: resourcePackage.policyNames,
        policy: text,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(resourcePackageKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.ofService(saved.service.id) });
      void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.history(saved.id) });
      reset({ policy: policyText(saved.policy) });
      notifySuccess(t('resourcePackages.updated'), saved.name);
      navigate(back);
    },
    onError: (error) =>
      reportWriteError(error, t('resourcePackageEditor.cannotSave'), t, {
        onConflict: () => void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.one(resourcePackage.id) }),
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
          ({ policy: text }) => saving.mutate(text),
          (errors) => {
            focusById(POLICY_ID);
            if (errors.policy?.message === msg('resourcePackages.invalidJson'))
              notifyError(t('resourcePackageEditor.invalidJson'), t('resourcePackageEditor.invalidJsonText'));
          },
        )}
      >
        <Stack gap="md">
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
