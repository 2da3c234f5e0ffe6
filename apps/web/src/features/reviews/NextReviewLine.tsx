import { Text } from '@mantine/core';
import { formatDate, nextReviewRequestSchema, type NextReview } from '@nubes/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../api/notify';
import { ModalForm, ModalFormBody } from '../../components/ModalForm';
import { useModalForm } from '../../components/useModalForm';
import { DateField } from '../../forms/fields';
import { usePermission } from '../../hooks/usePermission';
import { reviewKeys, saveNextReview, serviceReviewQuery } from './api';
import { RowAction } from '../../components/RowAction';

const DATE_ID = 'next-review-date';

/**
 * In a catalogue service's header: when its next review is due (docs/adr/0116-reviews-on-a-schedule.md),
 * and for the portfolio manager a way to set another date. Nothing for a service outside the catalogue.
 */
export const NextReviewLine = ({ serviceId, serviceName }: { serviceId: string; serviceName: string }) => {
  const { t } = useTranslation();
  const mayManage = usePermission('review.manage');
  const [editing, setEditing] = useState(false);
  const query = useQuery(serviceReviewQuery(serviceId));
  const next = query.data?.nextReview;
  if (!next?.date) return null;
  return (
    <>
      <Text component="span">
        {t('reviews.nextReview.label')}: <strong>{formatDate(next.date)}</strong>
        {next.setByManager && ` (${t('reviews.nextReview.setByManager')})`}
      </Text>
      {mayManage && (
        <RowAction
          label={t('reviews.nextReview.change')}
          aria-label={t('reviews.nextReview.changeOf', { name: serviceName })}
          onClick={() => setEditing(true)}
        />
      )}
      <ModalForm
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('reviews.nextReview.title', { name: serviceName })}
        closeLabel={t('reviews.nextReview.cancel')}
      >
        <NextReviewForm serviceId={serviceId} current={next} onClose={() => setEditing(false)} />
      </ModalForm>
    </>
  );
};

const NextReviewForm = ({
  serviceId,
  current,
  onClose,
}: {
  serviceId: string;
  current: NextReview;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const modal = useModalForm({
    schema: nextReviewRequestSchema,
    defaultValues: { date: current.date ?? '', version: current.version },
    order: ['date'],
    fieldId: () => DATE_ID,
    onClose,
    errorTitle: t('reviews.nextReview.cannotSave'),
    save: (values) => saveNextReview(serviceId, values),
    onSaved: (saved) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      notifySuccess(t('reviews.nextReview.saved'), formatDate(saved.date));
    },
  });
  return (
    <ModalFormBody
      modal={modal}
      submitLabel={t('reviews.nextReview.save')}
      cancelLabel={t('reviews.nextReview.cancel')}
    >
      <DateField
        {...modal.field('date')}
        label={t('reviews.nextReview.date')}
        description={t('reviews.nextReview.dateDescription')}
        required
      />
    </ModalFormBody>
  );
};
