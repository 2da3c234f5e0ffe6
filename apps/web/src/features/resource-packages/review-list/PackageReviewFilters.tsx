import { NativeSelect } from '@mantine/core';
import { RESOURCE_PACKAGE_STATES } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../components/FilterBar';
import { SearchBox } from '../../../components/SearchBox';
import { localized } from '../../../i18n/localized';
import { fetchResourceTypes, resourcePackageKeys } from '../api';
import { changePackageReviewView, type PackageReviewView } from './reviewListView';

interface Props {
  view: PackageReviewView;
  onChange: (next: PackageReviewView, options?: { replace?: boolean }) => void;
}

/** Search, review state and resource type of the review list; each change starts on page 1. */
export const PackageReviewFilters = ({ view, onChange }: Props) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes, staleTime: 300_000 });
  const change = (partial: Parameters<typeof changePackageReviewView>[1], options?: { replace?: boolean }) =>
    onChange(changePackageReviewView(view, partial), options);

  const typeOptions = useMemo(() => {
    const options = (types.data?.items ?? [])
      .map((type) => ({ value: type.key, label: localized(type.name, language) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    // Until the types are there (or if the chosen one is gone), the chosen type stays selectable.
    if (view.type && !options.some((option) => option.value === view.type))
      options.push({ value: view.type, label: view.type });
    return [{ value: '', label: t('resourcePackageReview.filters.allTypes') }, ...options];
  }, [types.data, view.type, language, t]);

  const filtered = Boolean(view.q || view.state || view.type);
  return (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={filtered ? () => change({ q: '', state: null, type: null }) : undefined}
      active={[view.state, view.type].filter(Boolean).length}
      search={
        <SearchBox
          label={t('resourcePackageReview.filters.search')}
          description={t('resourcePackageReview.filters.searchDescription')}
          value={view.q}
          // Refining a search replaces its history step; starting or clearing one adds a step.
          onCommit={(q) => change({ q }, { replace: Boolean(q && view.q) })}
        />
      }
    >
      <NativeSelect
        label={t('resourcePackageReview.filters.state')}
        data={[
          { value: '', label: t('resourcePackageReview.filters.allStates') },
          ...RESOURCE_PACKAGE_STATES.map((state) => ({ value: state, label: t(`resourcePackages.states.${state}`) })),
        ]}
        value={view.state ?? ''}
        onChange={(event) => change({ state: (event.currentTarget.value || null) as PackageReviewView['state'] })}
        w={{ base: '100%', sm: 200 }}
      />
      <NativeSelect
        label={t('resourcePackageReview.filters.type')}
        data={typeOptions}
        value={view.type ?? ''}
        onChange={(event) => change({ type: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 240 }}
      />
    </FilterBar>
  );
};
