import { Stack, Text } from '@mantine/core';
import { extendDowntimeRequestSchema, type Downtime } from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { serviceKeys } from '../../api/services';
import { ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { DateTimeFieldInput } from '../../forms/DateTimeFieldInput';
import { personTimeZone } from '../../forms/personTimeZone';
import { useErrorText } from '../../forms/fields';
import { downtimeKeys, extendDowntime, fetchServiceDowntimes } from './api';
import { formatMoment } from './times';

const END_ID = 'downtime-extension-end';

/** "Extend": a later end for a coming or running downtime, with the version it read (ADR 0106). */
export const ExtendDowntimeForm = ({ downtime, onClose }: { downtime: Downtime; onClose: () => void }) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: extendDowntimeRequestSchema,
    defaultValues: { endsAt: downtime.endsAt, version: downtime.version },
    order: ['endsAt'],
    fieldId: () => END_ID,
    onClose,
    errorTitle: t('serviceDowntimes.cannotExtend'),
    save: (values, version) => extendDowntime(downtime.id, { ...values, version: version ?? values.version }),
    onSaved: (extended) => {
      void queryClient.invalidateQueries({ queryKey: downtimeKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.detail(downtime.serviceId) });
      notifySuccess(
        t('serviceDowntimes.extended'),
        t('serviceDowntimes.extendedText', { end: formatMoment(extended.endsAt) }),
      );
    },
    edit: {
      version: downtime.version,
      readAgain: async () => {
        const current = (await fetchServiceDowntimes(downtime.serviceId)).items.find((item) => item.id === downtime.id);
        return current
          ? { values: { endsAt: current.endsAt, version: current.version }, version: current.version }
          : null;
      },
      keys: ['endsAt'],
      label: () => t('serviceDowntimes.fields.newEnd'),
      text: (_key, value) => (typeof value === 'string' && value ? formatMoment(value) : undefined),
    },
  });
  return (
    <ModalFormBody modal={modal} submitLabel={t('serviceDowntimes.extend')} cancelLabel={t('serviceDowntimes.cancel')}>
      <Stack gap="md">
        <Text>{t('serviceDowntimes.extendText', { end: formatMoment(downtime.endsAt) })}</Text>
        <Text size="sm" c="dimmed">
          {t('serviceDowntimes.timeZone', { zone: personTimeZone() })}
        </Text>
        <Controller
          control={modal.form.control}
          name="endsAt"
          render={({ field, fieldState }) => (
            <DateTimeFieldInput
              id={END_ID}
              label={t('serviceDowntimes.fields.newEnd')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errorText(fieldState.error)}
              required
            />
          )}
        />
      </Stack>
    </ModalFormBody>
  );
};
