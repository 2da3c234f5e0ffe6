import { REVIEW_SCHEDULE_FILTERS, REVIEW_STATUSES } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import { useInstitutionOptions } from '../../components/list-screen/useInstitutionOptions';
import { reviewStatesFor, type ReviewListView } from './reviewQuery';

/**
 * Schedule (due, overdue, due soon: docs/adr/0116-reviews-on-a-schedule.md), review status, service
 * state (the reviewable ones of the tab) and provider; each change goes to page 1.
 */
export const ReviewFilterBar = ({ url }: { url: UrlView<ReviewListView> }) => {
  const { t } = useTranslation();
  const any = t('reviews.filters.any');
  const providers = useInstitutionOptions(url.view.provider, any, 'provider');
  return (
    <ListFilters
      url={url}
      label={t('reviews.filters.label')}
      filters={[
        {
          name: 'schedule',
          label: t('reviews.filters.schedule'),
          all: any,
          data: REVIEW_SCHEDULE_FILTERS.map((schedule) => ({
            value: schedule,
            label: t(`reviews.schedule.${schedule}`),
          })),
          width: 260,
        },
        {
          name: 'status',
          label: t('reviews.filters.status'),
          all: any,
          data: REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviews.statuses.${status}`) })),
          width: 220,
        },
        {
          name: 'state',
          label: t('reviews.filters.state'),
          all: any,
          data: reviewStatesFor(url.view.tab).map((state) => ({ value: state, label: t(`serviceStates.${state}`) })),
          width: 240,
        },
        { name: 'provider', label: t('reviews.filters.provider'), data: providers, width: 260 },
      ]}
    />
  );
};
