import { Button, Text } from '@mantine/core';
import { reviewScheduleSettingsRequestSchema, type ReviewScheduleSettings } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { NumberInputField } from '../../forms/fields';
import { usePermission } from '../../hooks/usePermission';
import { fetchReviewScheduleSettings, reviewKeys, reviewScheduleKeys, saveReviewScheduleSettings } from './api';

const FIELD_ORDER = ['defaultMonths', 'pilotMonths'] as const satisfies readonly FieldPath<ReviewScheduleSettings>[];
const fieldId = (name: string) => `review-schedule-${name}`;

/**
 * "Review intervals" beside the review list's title, for the portfolio manager: the months between
 * reviews, the default and the one kept for pilots (docs/adr/0116-reviews-on-a-schedule.md).
 */
export const ReviewScheduleSettingsButton = () => {
  const { t } = useTranslation();
  const mayManage = usePermission('review.manage');
  const [opened, setOpened] = useState(false);
  if (!mayManage) return null;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('reviews.scheduleSettings.open')}
      </Button>
      <ModalForm
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('reviews.scheduleSettings.title')}
        closeLabel={t('reviews.scheduleSettings.cancel')}
      >
        <SettingsLoader onClose={() => setOpened(false)} />
      </ModalForm>
    </>
  );
};

const SettingsLoader = ({ onClose }: { onClose: () => void }) => {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: reviewScheduleKeys.settings,
    queryFn: ({ signal }) => fetchReviewScheduleSettings(signal),
  });
  if (settings.isError)
    return (
      <Text role="alert" fw={600}>
        {t('reviews.scheduleSettings.cannotLoad')}: {settings.error.message}
      </Text>
    );
  if (!settings.data) return null;
  return <SettingsForm current={settings.data} onClose={onClose} />;
};

const SettingsForm = ({ current, onClose }: { current: ReviewScheduleSettings; onClose: () => void }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: reviewScheduleSettingsRequestSchema,
    defaultValues: current,
    order: FIELD_ORDER,
    fieldId,
    onClose,
    errorTitle: t('reviews.scheduleSettings.cannotSave'),
    save: (values) => saveReviewScheduleSettings(values),
    onSaved: (saved) => {
      // The next review dates follow the default: the list shows them anew.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      notifySuccess(
        t('reviews.scheduleSettings.saved'),
        t('reviews.scheduleSettings.savedText', { count: saved.defaultMonths }),
      );
    },
  });
  const { field } = modal;
  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('reviews.scheduleSettings.save')}
      cancelLabel={t('reviews.scheduleSettings.cancel')}
    >
      <Text>{t('reviews.scheduleSettings.intro')}</Text>
      <NumberInputField
        {...field('defaultMonths')}
        label={t('reviews.scheduleSettings.defaultMonths')}
        min={1}
        max={60}
        withAsterisk
      />
      <NumberInputField
        {...field('pilotMonths')}
        label={t('reviews.scheduleSettings.pilotMonths')}
        description={t('reviews.scheduleSettings.pilotDescription')}
        min={1}
        max={60}
        withAsterisk
      />
    </ModalFormBody>
  );
};
