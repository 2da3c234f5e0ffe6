import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { RetirementSuccessor, ServiceSummary } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchSuccessors } from './api';

const MIN_QUERY = 2;

type Choice = Pick<RetirementSuccessor, 'id' | 'serviceId' | 'name'>;

const choiceLabel = (service: Choice) => `${service.name} (${service.serviceId})`;

export interface SuccessorSelectProps {
  id: string;
  label: string;
  description?: ReactNode;
  /** The picked service's id, or null. */
  value: string | null;
  /** The successor the saved plan names, so its name shows before any search. */
  known: RetirementSuccessor | null;
  /** The service being retired: it cannot succeed itself. */
  excludeId: string;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
}

/**
 * Picks the successor from the portfolio the caller sees (the portfolio's search, by name or
 * service ID, from two characters on); retired services and the service itself are not offered.
 * The server checks the same.
 */
export const SuccessorSelect = ({
  value,
  known,
  excludeId,
  onChange,
  onBlur,
  label,
  ...rest
}: SuccessorSelectProps) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Choice | null>(known);
  const [search, setSearch] = useState('');
  const selected = value === null ? null : picked?.id === value ? picked : known?.id === value ? known : null;
  const query = search.trim();
  const searching = query.length >= MIN_QUERY && (!selected || query !== choiceLabel(selected));
  const [debounced] = useDebouncedValue(query, 250);
  const results = useQuery({
    queryKey: ['retirement-successors', debounced],
    queryFn: ({ signal }) => searchSuccessors(debounced, signal),
    enabled: searching && debounced.length >= MIN_QUERY,
    staleTime: 30_000,
  });

  const choices = useMemo(() => {
    const byId = new Map<string, Choice>();
    if (selected) byId.set(selected.id, selected);
    if (searching)
      for (const service of results.data?.items ?? ([] as ServiceSummary[]))
        if (service.id !== excludeId && service.state !== 'service_retired') byId.set(service.id, service);
    return byId;
  }, [selected, searching, results.data, excludeId]);

  return (
    <Select
      {...rest}
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('serviceView.clearPick', { label }) }}
      data={[...choices.values()].map((service) => ({ value: service.id, label: choiceLabel(service) }))}
      value={selected ? selected.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={onBlur}
      placeholder={t('retirementPlan.hints.searchSuccessor')}
      // The server matched already (also by service ID).
      filter={({ options }) => options}
      nothingFoundMessage={
        query.length < MIN_QUERY
          ? t('validation.searchTooShort')
          : results.isFetching
            ? t('page.loading')
            : t('serviceView.noMatches')
      }
      onChange={(id) => {
        const service = id ? (choices.get(id) ?? null) : null;
        setPicked(service);
        onChange(service?.id ?? null);
      }}
      comboboxProps={{ transitionProps: { duration: 0 } }}
    />
  );
};
