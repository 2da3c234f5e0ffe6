import { Radio, Stack, Text } from '@mantine/core';
import {
  announceDowntimeRequestSchema,
  DOWNTIME_DESCRIPTION_MAX,
  DOWNTIME_SEVERITIES,
  type DowntimeSeverity,
} from '@nubes/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { serviceKeys } from '../../api/services';
import { ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { DateTimeFieldInput } from '../../forms/DateTimeFieldInput';
import { personTimeZone } from '../../forms/personTimeZone';
import { TextareaField, useErrorText } from '../../forms/fields';
import { announceDowntime, downtimeKeys } from './api';
import { formatSpan } from './times';

const ORDER = ['severity', 'startsAt', 'endsAt', 'descriptionEn', 'descriptionDe'] as const;
const fieldId = (name: string) => `downtime-${name}`;
/** The description in each language, each field marked with its language for screen readers and spelling. */
const DESCRIPTIONS = [
  { name: 'descriptionEn', lang: 'en' },
  { name: 'descriptionDe', lang: 'de' },
] as const;

/**
 * "Announce downtime" (ADR 0106) over the domain's schema: outage or degraded, start and end in the
 * person's time zone, the description in English and German, one of them at least.
 */
export const AnnounceDowntimeForm = ({
  serviceId,
  serviceName,
  onClose,
}: {
  serviceId: string;
  serviceName: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: announceDowntimeRequestSchema,
    defaultValues: { severity: 'outage', startsAt: '', endsAt: '', descriptionEn: '', descriptionDe: '' },
    order: ORDER,
    fieldId,
    onClose,
    errorTitle: t('serviceDowntimes.cannotAnnounce'),
    save: (values) => announceDowntime(serviceId, values),
    onSaved: (downtime) => {
      void queryClient.invalidateQueries({ queryKey: downtimeKeys.all });
      void queryClient.invalidateQueries({ queryKey: serviceKeys.history(serviceId) });
      notifySuccess(
        t('serviceDowntimes.announced'),
        t('serviceDowntimes.announcedText', {
          name: serviceName,
          span: formatSpan(downtime.startsAt, downtime.endsAt),
        }),
      );
    },
    guard: 'announceDowntime',
  });
  const moment = (name: 'startsAt' | 'endsAt') => (
    <Controller
      control={modal.form.control}
      name={name}
      render={({ field, fieldState }) => (
        <DateTimeFieldInput
          id={fieldId(name)}
          label={t(`serviceDowntimes.fields.${name}`)}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorText(fieldState.error)}
          required
        />
      )}
    />
  );
  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('serviceDowntimes.announce')}
      cancelLabel={t('serviceDowntimes.cancel')}
    >
      <Stack gap="md">
        <Controller
          control={modal.form.control}
          name="severity"
          render={({ field, fieldState }) => (
            <Radio.Group
              id={fieldId('severity')}
              label={t('serviceDowntimes.fields.severity')}
              value={field.value ?? 'outage'}
              onChange={(value) => field.onChange(value as DowntimeSeverity)}
              error={errorText(fieldState.error)}
              required
            >
              <Stack gap="xs" mt="xs">
                {DOWNTIME_SEVERITIES.map((severity) => (
                  <Radio
                    key={severity}
                    value={severity}
                    label={t(`downtimeLabels.severities.${severity}`)}
                    description={t(`downtimes.severityDescriptions.${severity}`)}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Text size="sm" c="dimmed">
          {t('serviceDowntimes.timeZone', { zone: personTimeZone() })}
        </Text>
        {moment('startsAt')}
        {moment('endsAt')}
        {DESCRIPTIONS.map(({ name, lang }) => (
          <TextareaField
            key={name}
            {...modal.field(name)}
            label={t(`serviceDowntimes.fields.${name}`)}
            // The first says for both what the text is for and in which language the public reads it.
            description={lang === 'en' ? t('serviceDowntimes.descriptionHint') : undefined}
            autosize
            minRows={2}
            maxRows={8}
            maxLength={DOWNTIME_DESCRIPTION_MAX}
            lang={lang}
          />
        ))}
      </Stack>
    </ModalFormBody>
  );
};
