import { NativeSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/FilterBar';
import { SearchBox } from '../../components/SearchBox';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { KeywordFilter } from './KeywordFilter';
import { changeFilters, statesFor, type FilterChange, type ListFilters, type ListSource } from './listQuery';

export interface ListFilterBarProps {
  source: ListSource;
  filters: ListFilters;
  onChange: (next: ListFilters, options?: { replace?: boolean }) => void;
}

/** Search, state, provider and keyword of one list; each change starts again on page 1. */
export const ListFilterBar = ({ source, filters, onChange }: ListFilterBarProps) => {
  const { t } = useTranslation();
  const institutions = useQuery({
    queryKey: serviceKeys.institutions,
    queryFn: fetchInstitutions,
    staleTime: 5 * 60_000,
  });

  const change = (partial: FilterChange, options?: { replace?: boolean }) =>
    onChange(changeFilters(filters, source, partial), options);

  const stateOptions = useMemo(
    () => [
      { value: '', label: t('portfolio.allStates') },
      ...statesFor(source, filters.tab, filters.scope).map((state) => ({
        value: state,
        label: t(`serviceStates.${state}`),
      })),
    ],
    [source, filters.tab, filters.scope, t],
  );

  const providerOptions = useMemo(() => {
    const items = [...(institutions.data?.items ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    const options = items.map((item) => ({ value: item.id, label: `${item.name} (${item.abbreviation})` }));
    // Until the list is there (or if the chosen one is gone), the chosen provider stays selectable.
    if (filters.provider && !options.some((option) => option.value === filters.provider)) {
      options.push({ value: filters.provider, label: t('portfolio.selectedProvider') });
    }
    return [{ value: '', label: t('portfolio.allProviders') }, ...options];
  }, [institutions.data, filters.provider, t]);

  const filtered = Boolean(filters.q || filters.state || filters.provider || filters.keyword);

  return (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={filtered ? () => change({ q: '', state: null, provider: null, keyword: null }) : undefined}
      active={[filters.state, filters.provider, filters.keyword].filter(Boolean).length}
      search={
        <SearchBox
          label={t('portfolio.search')}
          description={t('portfolio.searchDescription')}
          value={filters.q}
          // Refining a search replaces its history step; starting or clearing one adds a step.
          onCommit={(q) => change({ q }, { replace: Boolean(q && filters.q) })}
        />
      }
    >
      {source === 'integration' && (
        <NativeSelect
          label={t('savedViews.integrationScope')}
          data={[
            { value: 'work', label: t('savedViews.integrationScopeWork') },
            { value: 'all', label: t('savedViews.integrationScopeAll') },
          ]}
          value={filters.scope}
          onChange={(event) => change({ scope: event.currentTarget.value === 'all' ? 'all' : 'work' })}
          w={{ base: '100%', sm: 260 }}
        />
      )}
      <NativeSelect
        label={t('portfolio.state')}
        data={stateOptions}
        value={filters.state ?? ''}
        onChange={(event) => change({ state: (event.currentTarget.value || null) as ListFilters['state'] })}
        w={{ base: '100%', sm: 240 }}
      />
      <NativeSelect
        label={t('portfolio.provider')}
        data={providerOptions}
        value={filters.provider ?? ''}
        onChange={(event) => change({ provider: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 260 }}
      />
      <KeywordFilter value={filters.keyword} onChange={(keyword) => change({ keyword })} />
    </FilterBar>
  );
};
