import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchInstitutions, serviceKeys } from '../../api/services';

/**
 * The institutions as a filter's options after `first` (all of them, any): `provider` style sorts
 * them by name and reads "Name (ABBR)"; `contact` style keeps the server's order, "ABBR – Name".
 * Until the list is there (or if the chosen one is gone), the chosen institution stays selectable.
 */
export const useInstitutionOptions = (selected: string | null, first: string, style: 'provider' | 'contact') => {
  const { t } = useTranslation();
  const institutions = useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 300_000 });
  return useMemo(() => {
    const items = [...(institutions.data?.items ?? [])];
    if (style === 'provider') items.sort((a, b) => a.name.localeCompare(b.name));
    const options = items.map((item) => ({
      value: item.id,
      label: style === 'provider' ? `${item.name} (${item.abbreviation})` : `${item.abbreviation} – ${item.name}`,
    }));
    if (selected && !options.some((option) => option.value === selected))
      options.push({ value: selected, label: style === 'provider' ? t('portfolio.selectedProvider') : selected });
    return [{ value: '', label: first }, ...options];
  }, [institutions.data, selected, first, style, t]);
};
