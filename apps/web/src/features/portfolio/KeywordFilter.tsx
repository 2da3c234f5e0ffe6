import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchKeywords, serviceKeys } from '../../api/services';

export interface KeywordFilterProps {
  /** The chosen keyword's id, or null for any keyword. */
  value: string | null;
  onChange: (id: string | null) => void;
}

// The server already matched the typed text; the options are shown as they come.
const serverFiltered: OptionsFilter = ({ options }) => options;

/**
 * Picks one keyword to filter by, searched on the server as the person types (there may be far
 * more keywords than fit a list). The chosen one keeps its name while other names are searched;
 * after a reload it is found among the first answer (no search yet).
 */
export const KeywordFilter = ({ value, onChange }: KeywordFilterProps) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const [chosen, setChosen] = useState<ComboboxItem | null>(null);
  const results = useQuery({
    queryKey: serviceKeys.keywords(debounced),
    queryFn: ({ signal }) => searchKeywords(debounced, signal),
    staleTime: 60_000,
  });

  const data = useMemo(() => {
    const options = (results.data?.items ?? []).map((keyword) => ({ value: keyword.id, label: keyword.name }));
    if (value && !options.some((option) => option.value === value)) {
      const label = chosen?.value === value ? chosen.label : t('portfolio.selectedKeyword');
      options.unshift({ value, label });
    }
    return options;
  }, [results.data, value, chosen, t]);

  return (
    <Select
      label={t('portfolio.keyword')}
      placeholder={t('portfolio.keywordPlaceholder')}
      data={data}
      value={value}
      onChange={(id, option) => {
        setChosen(option);
        onChange(id);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={serverFiltered}
      nothingFoundMessage={t('portfolio.noKeywords')}
      clearable
      clearButtonProps={{ 'aria-label': t('portfolio.clearKeyword') }}
      // No fade: an option is readable (and passes contrast checks) the moment the list opens.
      comboboxProps={{ transitionProps: { duration: 0 } }}
      w={{ base: '100%', sm: 220 }}
    />
  );
};
