import { RESOURCE_PACKAGE_STATES } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../../components/list-screen/ListFilters';
import type { UrlView } from '../../../components/list-screen/useListScreen';
import { localized } from '../../../i18n/localized';
import { fetchResourceTypes, resourcePackageKeys } from '../api';
import type { PackageReviewView } from './reviewListView';

/** Search, review state and resource type of the review list. */
export const PackageReviewFilters = ({ url }: { url: UrlView<PackageReviewView> }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const selected = url.view.type;
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes, staleTime: 300_000 });

  const typeOptions = useMemo(() => {
    const options = (types.data?.items ?? [])
      .map((type) => ({ value: type.key, label: localized(type.name, language) }))
      .sort((a, b) => a.label.localeCompare(b.label, language));
    // Until the types are there (or if the chosen one is gone), the chosen type stays selectable.
    if (selected && !options.some((option) => option.value === selected))
      options.push({ value: selected, label: selected });
    return [{ value: '', label: t('resourcePackageReview.filters.allTypes') }, ...options];
  }, [types.data, selected, language, t]);

  return (
    <ListFilters
      url={url}
      search={{
        label: t('resourcePackageReview.filters.search'),
        description: t('resourcePackageReview.filters.searchDescription'),
      }}
      filters={[
        {
          name: 'state',
          label: t('resourcePackageReview.filters.state'),
          all: t('resourcePackageReview.filters.allStates'),
          data: RESOURCE_PACKAGE_STATES.map((state) => ({
            value: state,
            label: t(`resourcePackages.states.${state}`),
          })),
          width: 200,
        },
        { name: 'type', label: t('resourcePackageReview.filters.type'), data: typeOptions, width: 240 },
      ]}
    />
  );
};
