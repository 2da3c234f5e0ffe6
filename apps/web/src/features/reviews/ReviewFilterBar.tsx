import { NativeSelect } from '@mantine/core';
import { REVIEW_STATUSES } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/FilterBar';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { changeReviewView, reviewStatesFor, type ReviewListView } from './reviewQuery';

interface Props {
  view: ReviewListView;
  onChange: (next: ReviewListView) => void;
}

/** Review status, service state (the reviewable ones of the tab) and provider; each change goes to page 1. */
export const ReviewFilterBar = ({ view, onChange }: Props) => {
  const { t } = useTranslation();
  const institutions = useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 300_000 });
  const change = (partial: Partial<ReviewListView>) => onChange(changeReviewView(view, partial));
  const any = { value: '', label: t('reviews.filters.any') };

  const providerOptions = useMemo(() => {
    const items = [...(institutions.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const options = items.map((item) => ({ value: item.id, label: `${item.name} (${item.abbreviation})` }));
    if (view.provider && !options.some((option) => option.value === view.provider))
      options.push({ value: view.provider, label: t('portfolio.selectedProvider') });
    return options;
  }, [institutions.data, view.provider, t]);

  const filtered = Boolean(view.status || view.state || view.provider);
  return (
    <FilterBar
      label={t('reviews.filters.label')}
      onReset={filtered ? () => change({ status: null, state: null, provider: null }) : undefined}
      active={[view.status, view.state, view.provider].filter(Boolean).length}
    >
      <NativeSelect
        label={t('reviews.filters.status')}
        data={[any, ...REVIEW_STATUSES.map((status) => ({ value: status, label: t(`reviews.statuses.${status}`) }))]}
        value={view.status ?? ''}
        onChange={(event) => change({ status: (event.currentTarget.value || null) as ReviewListView['status'] })}
        w={{ base: '100%', sm: 220 }}
      />
      <NativeSelect
        label={t('reviews.filters.state')}
        data={[
          any,
          ...reviewStatesFor(view.tab).map((state) => ({ value: state, label: t(`serviceStates.${state}`) })),
        ]}
        value={view.state ?? ''}
        onChange={(event) => change({ state: (event.currentTarget.value || null) as ReviewListView['state'] })}
        w={{ base: '100%', sm: 240 }}
      />
      <NativeSelect
        label={t('reviews.filters.provider')}
        data={[any, ...providerOptions]}
        value={view.provider ?? ''}
        onChange={(event) => change({ provider: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 260 }}
      />
    </FilterBar>
  );
};
