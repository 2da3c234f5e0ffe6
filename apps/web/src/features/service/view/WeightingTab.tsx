import { Button, Group, Stack, Text } from '@mantine/core';
import { createServiceRequestSchema, weighAnswers, type ServiceDetail, type WeightedAnswer } from '@nubes/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifyInfo, notifySuccess } from '../../../api/notify';
import { NativeSelectField } from '../../../forms/fields';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { fetchWeightingCriteria, serviceKeys, updateService } from '../../../api/services';
import { localized } from '../../../i18n/localized';
import { reportWriteError, useServiceCache } from '../../../api/writes';

/** Answers being edited: criterion → option key, or null to clear the answer. */
type AnswerEdits = Record<string, string | null>;

/**
 * The answers as the request schema takes them (criterion → option key, null clears); a criterion
 * never answered has no value yet.
 */
const answerSchema = createServiceRequestSchema.shape.weighting.unwrap();
const weightingFormSchema = z.object({
  answers: z.record(answerSchema.keyType, answerSchema.valueType.optional()),
});
type WeightingForm = z.infer<typeof weightingFormSchema>;

/** The answers to save: only what differs from the stored ones. */
export const weightingChanges = (
  stored: Readonly<Record<string, string>>,
  edits: Readonly<Record<string, string | null | undefined>>,
): AnswerEdits | null => {
  const changes: AnswerEdits = {};
  for (const [key, value] of Object.entries(edits)) {
    if ((stored[key] ?? null) !== (value ?? null)) changes[key] = value ?? null;
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

/**
 * Weighting criteria: per criterion the answer, its points, the factor and the weighted score
 * (points × factor); the service's score is the sum. Editable with the edit right. The answers
 * are a form of their own: leaving the tab with unsaved answers asks first (ADR 19).
 */
export const WeightingTab = ({ service }: { service: ServiceDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const criteria = useQuery({
    queryKey: serviceKeys.weightingCriteria,
    queryFn: fetchWeightingCriteria,
    staleTime: 5 * 60_000,
  });
  const { store, reload } = useServiceCache(service.id);
  const editable = service.permissions.edit;
  const form = useZodForm(weightingFormSchema, { defaultValues: { answers: { ...service.weighting } } });
  const { control, reset, handleSubmit } = form;
  const edits = useWatch({ control, name: 'answers' }) as AnswerEdits;
  const changes = useMemo(() => weightingChanges(service.weighting, edits ?? {}), [service.weighting, edits]);
  useGuardedForm('weighting', {
    dirty: changes !== null,
    discard: () => reset({ answers: { ...service.weighting } }),
  });

  const answers = useMemo(() => {
    const merged: Record<string, string> = {};
    for (const [key, value] of Object.entries({ ...service.weighting, ...edits })) {
      if (value) merged[key] = value;
    }
    return merged;
  }, [service.weighting, edits]);
  const { rows, score } = useMemo(() => weighAnswers(criteria.data?.items ?? [], answers), [criteria.data, answers]);

  const saving = useMutation({
    mutationFn: (weighting: AnswerEdits) => updateService(service.id, { weighting, version: service.version }),
    onSuccess: (saved) => {
      store(saved);
      reset({ answers: { ...saved.weighting } });
      notifySuccess(t('service.updated'), t('serviceView.weightingSavedText', { score: saved.score }));
    },
    onError: (error) =>
      reportWriteError(error, t('service.cannotSave'), t, {
        onConflict: () => {
          reset({ answers: { ...service.weighting } });
          reload();
        },
      }),
  });

  const save = (values: WeightingForm) => {
    const next = weightingChanges(service.weighting, values.answers);
    if (!next) {
      notifyInfo(t('service.nothingToSave'), t('serviceView.nothingToSaveText'));
      return;
    }
    saving.mutate(next);
  };

  const columns = useMemo(
    (): DataTableColumn<WeightedAnswer>[] => [
      {
        id: 'criterion',
        header: t('serviceView.criterion'),
        cell: ({ criterion }) => localized(criterion.label, language),
        rowHeader: true,
      },
      {
        id: 'answer',
        header: t('serviceView.answer'),
        cell: ({ criterion, option }) =>
          editable ? (
            <NativeSelectField
              control={control}
              name={`answers.${criterion.key}`}
              aria-label={localized(criterion.label, language)}
              // An answer must stay readable on a phone: the table scrolls sideways in its box instead.
              miw="14rem"
              data={[
                { value: '', label: t('serviceView.notChosen') },
                ...criterion.options.map((o) => ({ value: o.key, label: localized(o.label, language) })),
              ]}
            />
          ) : option ? (
            localized(option.label, language)
          ) : (
            <Text span c="dimmed">
              {t('serviceView.notFilled')}
            </Text>
          ),
      },
      {
        id: 'points',
        header: t('serviceView.points'),
        cell: ({ option }) => (option ? option.points : '–'),
        numeric: true,
      },
      { id: 'factor', header: t('serviceView.factor'), cell: ({ criterion }) => criterion.factor, numeric: true },
      {
        id: 'score',
        header: t('serviceView.weightedScore'),
        cell: ({ weightedScore }) => weightedScore,
        numeric: true,
      },
    ],
    [t, language, editable, control],
  );

  if (criteria.isError) return <Text role="alert">{t('notifications.somethingWentWrong')}</Text>;

  return (
    <form noValidate aria-label={t('serviceView.tabs.weighting')} onSubmit={(event) => void handleSubmit(save)(event)}>
      <Stack gap="md">
        <DataTable
          id="service-weighting"
          caption={t('serviceView.tabs.weighting')}
          columns={columns}
          rows={criteria.data ? rows : undefined}
          getRowId={({ criterion }) => criterion.key}
          empty={{ title: t('serviceView.noCriteria') }}
          showCount={false}
          columnChooser={false}
          footer={{ label: t('serviceView.totalScore'), cells: { score }, live: true }}
        />
        {editable && (
          <Group>
            <Button type="submit" loading={saving.isPending}>
              {t('serviceView.saveWeighting')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
};
