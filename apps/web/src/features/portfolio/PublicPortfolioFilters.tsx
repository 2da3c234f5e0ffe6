import { Button, NativeSelect } from '@mantine/core';
import { CATALOGUE_STATES, OFFBOARDING_STATES } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/FilterBar';
import { SearchBox } from '../../components/SearchBox';
import type { PublicPortfolioFilter } from './publicPortfolioFilter';

export interface PublicPortfolioFiltersProps {
  filter: PublicPortfolioFilter;
  /** The providers of the portfolio, by name. */
  providers: readonly string[];
  onChange: (next: PublicPortfolioFilter) => void;
}

/**
 * Search, provider and status of the public portfolio, over both of its tables. Its own chunk,
 * loaded beside the table's, so the page's first bytes stay within budget (docs/adr/0045-public-portfolio-page.md).
 */
export const PublicPortfolioFilters = ({ filter, providers, onChange }: PublicPortfolioFiltersProps) => {
  const { t } = useTranslation();
  const filtered = Boolean(filter.q || filter.provider || filter.state);
  return (
    // The filter bar's own reset says it with a logged-in screen's text; this one with the public page's.
    <FilterBar label={t('publicService.filtersLabel')}>
      <SearchBox
        label={t('publicService.search')}
        description={t('publicService.searchDescription')}
        value={filter.q}
        onCommit={(q) => onChange({ ...filter, q })}
      />
      <NativeSelect
        label={t('publicService.provider')}
        data={[
          { value: '', label: t('publicService.allProviders') },
          ...providers.map((provider) => ({ value: provider, label: provider })),
        ]}
        value={filter.provider}
        onChange={(event) => onChange({ ...filter, provider: event.currentTarget.value })}
        w={{ base: '100%', sm: 280 }}
      />
      <NativeSelect
        label={t('publicService.state')}
        data={[
          { value: '', label: t('publicService.allStates') },
          ...[...CATALOGUE_STATES, ...OFFBOARDING_STATES].map((state) => ({
            value: state,
            label: t(`serviceStates.${state}`),
          })),
        ]}
        value={filter.state}
        onChange={(event) => onChange({ ...filter, state: event.currentTarget.value })}
        w={{ base: '100%', sm: 260 }}
      />
      {filtered && (
        <Button variant="default" onClick={() => onChange({ q: '', provider: '', state: '' })}>
          {t('publicService.reset')}
        </Button>
      )}
    </FilterBar>
  );
};
