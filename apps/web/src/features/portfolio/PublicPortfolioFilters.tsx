import { CATALOGUE_STATES, OFFBOARDING_STATES } from '@nubes/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPortfolioFilter } from './publicPortfolioFilter';
import './public-portfolio-filters.css';

export interface PublicPortfolioFiltersProps {
  filter: PublicPortfolioFilter;
  /** The providers of the portfolio, by name. */
  providers: readonly string[];
  onChange: (next: PublicPortfolioFilter) => void;
}

/**
 * Search, provider and status of the public portfolio, over both of its tables. Plain labelled
 * inputs drawn like the other lists' Mantine TextInput and NativeSelect, chevron included
 * (public-portfolio-filters.css), not Mantine's components: those would add some 13 KB to a
 * visitor's first load, over the page's budget (docs/adr/0045-public-portfolio-page.md, ADR 0086). The search filters as one types: the rows are in memory.
 * On a phone, as FilterBar does for the other lists, the results come first: the search stays,
 * provider and status wait behind "Filters (n)". The stylesheet alone tells a phone (no media
 * query code on a visitor's first load): the button shows and the filters fold below 48em.
 */
export const PublicPortfolioFilters = ({ filter, providers, onChange }: PublicPortfolioFiltersProps) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const active = (filter.provider ? 1 : 0) + (filter.state ? 1 : 0);
  return (
    <div role="search" aria-label={t('publicService.search')} className="public-filters">
      <div className="public-filter">
        <label htmlFor="public-filter-q">{t('publicService.search')}</label>
        <input
          id="public-filter-q"
          type="search"
          className="public-filter-input"
          value={filter.q}
          onChange={(event) => onChange({ ...filter, q: event.currentTarget.value })}
        />
      </div>
      <button
        type="button"
        className="public-filters-toggle"
        aria-expanded={open}
        aria-controls={moreId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {active > 0 ? t('dataTable.filtersSet', { count: active }) : t('dataTable.filters')}
      </button>
      <div id={moreId} className="public-filters-more" data-open={open}>
        <PublicFilterSelect
          id="public-filter-provider"
          label={t('publicPortfolio.provider')}
          all={t('publicService.allProviders')}
          options={providers.map((provider) => ({ value: provider, label: provider }))}
          value={filter.provider}
          onChange={(provider) => onChange({ ...filter, provider })}
        />
        <PublicFilterSelect
          id="public-filter-state"
          label={t('publicPortfolio.status')}
          all={t('publicService.allStates')}
          options={[...CATALOGUE_STATES, ...OFFBOARDING_STATES].map((state) => ({
            value: state,
            label: t(`serviceStates.${state}`),
          }))}
          value={filter.state}
          onChange={(state) => onChange({ ...filter, state })}
        />
      </div>
    </div>
  );
};

interface PublicFilterSelectProps {
  id: string;
  label: string;
  /** The first option, which sets no filter. */
  all: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

/** One labelled plain select of the public filters, with the chevron of its wrapper. */
const PublicFilterSelect = ({ id, label, all, options, value, onChange }: PublicFilterSelectProps) => (
  <div className="public-filter">
    <label htmlFor={id}>{label}</label>
    <div className="public-filter-select">
      <select
        id={id}
        className="public-filter-input"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  </div>
);
