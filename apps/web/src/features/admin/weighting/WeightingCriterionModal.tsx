import { Fieldset, Grid } from '@mantine/core';
import {
  updateWeightingCriterionSchema,
  type WeightingCriterionFormInput,
  type WeightingCriterionSettings,
} from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { TextInputField } from '../../../forms/fields';
import { ModalForm, ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { readAgainFromList } from '../../../components/readAgainFromList';
import { listKeys } from '../../../api/services';
import { serviceKeys } from '../../../api/services';
import { fetchWeightingSettings, saveWeightingCriterion, weightingSettingsKeys } from './api';

const fieldId = (name: string) => `weighting-${name.replace(/\./g, '-')}`;

interface Props {
  criterion: WeightingCriterionSettings | null;
  onClose: () => void;
}

/** A criterion's factor and its options' labels (English, German) and points; saving rescores every service. */
export const WeightingCriterionModal = ({ criterion, onClose }: Props) => {
  const { t, i18n } = useTranslation();
  const name = criterion ? (i18n.resolvedLanguage === 'de' ? criterion.label.de : criterion.label.en) : '';
  return (
    <ModalForm
      opened={criterion !== null}
      onClose={onClose}
      size="lg"
      title={t('adminSections.weighting.editTitle', { name })}
    >
      {criterion && <CriterionForm key={criterion.key} criterion={criterion} onClose={onClose} />}
    </ModalForm>
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
  // Each option's labels and points are fields of their own: a conflict asks per field (ADR 0085).
  const order = [
    'factor',
    ...criterion.options.flatMap((_option, index) => [
      `options.${index}.label.en`,
      `options.${index}.label.de`,
      `options.${index}.points`,
    ]),
  ] as FieldPath<WeightingCriterionFormInput>[];
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

  const modal = useModalForm({
    schema: updateWeightingCriterionSchema,
    defaultValues: defaultsOf(criterion),
    order,
    fieldId,
    onClose,
    errorTitle: t('adminSections.weighting.cannotSave'),
    save: (values, version) => saveWeightingCriterion(criterion.key, { ...values, version: version ?? values.version }),
    onSaved: (saved) => {
      // Every score moved: the lists, the services' weighting tabs and this section read again.
      void queryClient.invalidateQueries({ queryKey: weightingSettingsKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.weightingCriteria });
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['service'] });
      notifySuccess(
        t('adminSections.weighting.savedTitle'),
        t('adminSections.weighting.saved', { count: saved.rescored }),
      );
    },
    edit: {
      version: criterion.version,
      readAgain: readAgainFromList(
        queryClient,
        { queryKey: weightingSettingsKeys.all, queryFn: () => fetchWeightingSettings() },
        (candidate) => candidate.key === criterion.key,
        defaultsOf,
      ),
      label: conflictLabel,
    },
  });
  const { field } = modal;

  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('adminSections.weighting.save')}
      cancelLabel={t('adminSections.weighting.cancel')}
    >
      <TextInputField
        {...field('factor')}
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
                {...field(`options.${index}.label.en`)}
                label={t('adminSections.weighting.labelEn')}
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <TextInputField
                {...field(`options.${index}.label.de`)}
                label={t('adminSections.weighting.labelDe')}
                lang="de"
                withAsterisk
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 2 }}>
              <TextInputField
                {...field(`options.${index}.points`)}
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
    </ModalFormBody>
  );
};
