import { Stack } from '@mantine/core';
import {
  RETIREMENT_PLAN_KEYS,
  retirementPlanRequestSchema,
  type RetirementPlan,
  type RetirementPlanKey,
  type ServiceDetail,
} from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { serviceKeys } from '../../../api/services';
import { ModalFormBody } from '../../../components/ModalForm';
import { useModalForm } from '../../../components/useModalForm';
import { DateField, TextareaField, useErrorText } from '../../../forms/fields';
import { fetchRetirementPlan, retirementPlanKey, saveRetirementPlan } from './api';
import { SuccessorSelect } from './SuccessorSelect';

const fieldId = (name: string) => `retirement-plan-${name}`;

type Day = 'plannedEndOn' | 'usersToldOn' | 'dataExportUntil' | 'dataDeletionOn';

/** The plan as the form holds it: empty texts and days as '' (the schema reads them as nothing). */
const formValues = (plan: RetirementPlan) => ({
  reason: plan.reason ?? '',
  plannedEndOn: plan.plannedEndOn ?? '',
  usersToldOn: plan.usersToldOn ?? '',
  usersToldHow: plan.usersToldHow ?? '',
  dataExportUntil: plan.dataExportUntil ?? '',
  dataDeletionOn: plan.dataDeletionOn ?? '',
  successorId: plan.successorId,
  version: plan.version,
});

export interface RetirementPlanFormProps {
  service: ServiceDetail;
  plan: RetirementPlan;
  onClose: () => void;
}

/**
 * The retirement plan's dialog (ADR 0106) over the domain's schema: any item may stay empty for
 * now, what is filled in must be well-formed with its days in order; a save someone else made
 * first is shown beside what was typed (ADR 0085).
 */
export const RetirementPlanForm = ({ service, plan, onClose }: RetirementPlanFormProps) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const label = (key: string) => t(`retirementPlan.fields.${key as RetirementPlanKey}`);
  const modal = useModalForm({
    schema: retirementPlanRequestSchema,
    defaultValues: formValues(plan),
    order: RETIREMENT_PLAN_KEYS,
    fieldId,
    onClose,
    errorTitle: t('retirementPlan.cannotSave'),
    save: (values, version) => saveRetirementPlan(service.id, { ...values, version: version ?? values.version }),
    onSaved: (saved) => {
      queryClient.setQueryData(retirementPlanKey(service.id), saved);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(service.id) });
      notifySuccess(t('retirementPlan.saved'), t('retirementPlan.savedText', { name: service.name }));
    },
    edit: {
      version: plan.version,
      readAgain: async () => {
        const current = await fetchRetirementPlan(service.id);
        return { values: formValues(current), version: current.version };
      },
      keys: RETIREMENT_PLAN_KEYS,
      label,
    },
    guard: 'retirementPlan',
  });

  const text = (name: 'reason' | 'usersToldHow') => (
    <TextareaField
      {...modal.field(name)}
      label={label(name)}
      description={t(`retirementPlan.hints.${name}`)}
      autosize
      minRows={2}
      required
    />
  );
  const day = (name: Day) => <DateField {...modal.field(name)} label={label(name)} required />;

  return (
    <ModalFormBody modal={modal} submitLabel={t('retirementPlan.save')} cancelLabel={t('retirementPlan.cancel')}>
      <Stack gap="md">
        {text('reason')}
        {day('plannedEndOn')}
        {day('usersToldOn')}
        {text('usersToldHow')}
        {day('dataExportUntil')}
        {day('dataDeletionOn')}
        <Controller
          control={modal.form.control}
          name="successorId"
          render={({ field, fieldState }) => (
            <SuccessorSelect
              id={fieldId('successorId')}
              label={label('successorId')}
              description={t('retirementPlan.hints.successorId')}
              value={field.value ?? null}
              known={plan.successor}
              excludeId={service.id}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(fieldState.error)}
            />
          )}
        />
      </Stack>
    </ModalFormBody>
  );
};
