import { Button, Fieldset, Grid, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  updateWeightingCriterionSchema,
  type UpdateWeightingCriterion,
  type WeightingCriterionFormInput,
  type WeightingCriterionSettings,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../api/notify';
import { SaveConflictNotice } from '../../../forms/choices/SaveConflictNotice';
import { useFormSaveConflict } from '../../../forms/choices/useSaveConflict';
import { SERVER_ERROR, TextInputField } from '../../../forms/fields';
import { focusFirstError } from '../../../forms/focusFirstError';
import { useZodForm } from '../../../forms/useZodForm';
import { listKeys } from '../../../api/services';
import { serviceKeys } from '../../../api/services';
import { reportWriteError } from '../../../api/writes';
import { fetchWeightingSettings, saveWeightingCriterion, weightingSettingsKeys } from './api';
import { AppModal } from '../../../components/AppModal';

const fieldId = (name: string) => `weighting-${name.replace(/\./g, '-')}`;

interface Props {
  criterion: WeightingCriterionSettings | null;
  onClose: () => void;
}

/** A criterion's factor and its options' labels (English, German) and points; saving rescores every service. */
export const WeightingCriterionModal = ({ criterion, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const name = criterion ? (i18n.resolvedLanguage === 'de' ? criterion.label.de : criterion.label.en) : '';
  return (
    <AppModal
      opened={criterion !== null}
      onClose={onClose}
      size="lg"
      fullScreen={phone}
      title={t('adminSections.weighting.editTitle', { name })}
      closeButtonProps={{ 'aria-label': t('adminSections.weighting.close') }}
    >
      {criterion && (
        // The criterion, not its version: after a 409 the form keeps what was typed (ADR 0085).
        <CriterionForm key={criterion.key} criterion={criterion} onClose={onClose} />
      )}
    </AppModal>
  );
};

const defaultsOf = (criterion: WeightingCriterionSettings): WeightingCriterionFormInput => ({
  version: criterion.version,
  factor: criterion.factor,
  options: criterion.options.map((option) => ({ ...option, label: { ...option.label } })),
});

const CriterionForm = ({ criterion, onClose }: { criterion: WeightingCriterionSettings; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(updateWeightingCriterionSchema, { defaultValues: defaultsOf(criterion) });
  const { control, handleSubmit, setError } = form;
  // Each option's labels and points are fields of their own: a conflict asks per field (ADR 0085).
  const order = [
    'factor',
    ...criterion.options.flatMap((_option, index) => [
      `options.${index}.label.en`,
      `options.${index}.label.de`,
      `options.${index}.points`,
    ]),
  ] as FieldPath<WeightingCriterionFormInput>[];
  const { conflict, resolve, version } = useFormSaveConflict(form, order, criterion.version);
  /** Someone else saved the criterion first: their factor and options beside what was typed. */
  const meetConflict = async () => {
    // Unreadable now (the network): the typing stays, and the next save says why.
    const settings = await queryClient
      .fetchQuery({ queryKey: weightingSettingsKeys.all, queryFn: () => fetchWeightingSettings(), staleTime: 0 })
      .catch(() => null);
    const theirs = settings?.items.find((candidate) => candidate.key === criterion.key);
    if (theirs) resolve(defaultsOf(theirs), theirs.version);
  };
  const conflictLabel = (key: string) => {
    const [, index, part, language] = key.split('.');
    if (index === undefined) return t('adminSections.weighting.factor');
    const option = t('adminSections.weighting.optionLegend', { number: Number(index) + 1 });
    const field =
      part === 'points'
        ? t('adminSections.weighting.points')
        : t(language === 'de' ? 'adminSections.weighting.labelDe' : 'adminSections.weighting.labelEn');
    return `${option} – ${field}`;
  };

  const saving = useMutation({
    mutationFn: (values: UpdateWeightingCriterion) =>
      saveWeightingCriterion(criterion.key, { ...values, version: version ?? values.version }),
    onSuccess: (saved) => {
      conflict.clear();
      // Every score moved: the lists, the services' weighting tabs and this section read again.
      void queryClient.invalidateQueries({ queryKey: weightingSettingsKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.weightingCriteria });
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['service'] });
      notifySuccess(
        t('adminSections.weighting.savedTitle'),
        t('adminSections.weighting.saved', { count: saved.rescored }),
      );
      onClose();
    },
    onError: (error) =>
      reportWriteError(error, t('adminSections.weighting.cannotSave'), t, {
        conflictMessage: t('form.saveConflict.toast'),
        onConflict: () => void meetConflict(),
        onFields: (fields) => {
          for (const [key, message] of Object.entries(fields))
            if ((order as string[]).includes(key))
              setError(key as FieldPath<WeightingCriterionFormInput>, { type: SERVER_ERROR, message });
        },
      }),
  });

  const save = (values: UpdateWeightingCriterion) => {
    if (conflict.undecided > 0)
      return notifyError(
        t('adminSections.weighting.cannotSave'),
        t('form.saveConflict.waiting', { count: conflict.undecided }),
      );
    saving.mutate(values);
  };

  return (
    <form noValidate onSubmit={handleSubmit(save, focusFirstError(order, fieldId))}>
      <Stack gap="md">
        <SaveConflictNotice
          conflict={conflict}
          label={conflictLabel}
          text={(_key, value) => String(value ?? '') || t('serviceView.emptyValue')}
        />
        <TextInputField
          control={control}
          name="factor"
          id={fieldId('factor')}
          label={t('adminSections.weighting.factor')}
          type="number"
          inputMode="numeric"
          min={0}
          w={{ base: '100%', sm: 160 }}
          withAsterisk
        />
        {criterion.options.map((option, index) => (
          <Fieldset key={option.key} legend={t('adminSections.weighting.optionLegend', { number: index + 1 })}>
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInputField
                  control={control}
                  name={`options.${index}.label.en`}
                  id={fieldId(`options.${index}.label.en`)}
                  label={t('adminSections.weighting.labelEn')}
                  withAsterisk
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 5 }}>
                <TextInputField
                  control={control}
                  name={`options.${index}.label.de`}
                  id={fieldId(`options.${index}.label.de`)}
                  label={t('adminSections.weighting.labelDe')}
                  lang="de"
                  withAsterisk
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 2 }}>
                <TextInputField
                  control={control}
                  name={`options.${index}.points`}
                  id={fieldId(`options.${index}.points`)}
                  label={t('adminSections.weighting.points')}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  withAsterisk
                />
              </Grid.Col>
            </Grid>
          </Fieldset>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('adminSections.weighting.cancel')}
          </Button>
          <Button type="submit" loading={saving.isPending}>
            {t('adminSections.weighting.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};
