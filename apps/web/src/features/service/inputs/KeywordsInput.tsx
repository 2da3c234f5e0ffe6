import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Keyword } from '@nubes/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../api/notify';
import { createKeywords, searchKeywords, serviceKeys } from '../../../api/services';
import { reportWriteError } from '../../../api/writes';

/** The option that creates the typed keyword; keyword ids are uuids, so none looks like it. */
const CREATE_PREFIX = 'create::';

export interface KeywordsInputProps {
  id?: string;
  label: string;
  description?: ReactNode;
  /** Keyword ids. */
  value: readonly string[];
  /** Names of the keywords the service has, so they show before any search. */
  known: readonly Keyword[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: ReactNode;
  required?: boolean;
}

/**
 * Keywords: pick existing ones (GET /api/keywords?q=) or create the typed one (POST /api/keywords,
 * "keywords created"). An existing name is answered by the server instead of duplicated.
 */
export const KeywordsInput = ({ value, known, onChange, onBlur, ...rest }: KeywordsInputProps) => {
  const { t } = useTranslation();
  const [names, setNames] = useState<ReadonlyMap<string, string>>(() => new Map(known.map((k) => [k.id, k.name])));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const results = useQuery({
    queryKey: serviceKeys.keywords(debounced),
    queryFn: ({ signal }) => searchKeywords(debounced, signal),
    staleTime: 30_000,
  });

  const nameOf = (id: string) => names.get(id) ?? known.find((k) => k.id === id)?.name ?? id;

  const data = useMemo(() => {
    const options = new Map<string, string>();
    for (const id of value) options.set(id, names.get(id) ?? known.find((k) => k.id === id)?.name ?? id);
    for (const keyword of results.data?.items ?? []) options.set(keyword.id, keyword.name);
    const typed = search.trim();
    const exists = [...options.values()].some((name) => name.toLowerCase() === typed.toLowerCase());
    const list = [...options].map(([id, name]) => ({ value: id, label: name }));
    if (typed && !exists)
      list.push({ value: `${CREATE_PREFIX}${typed}`, label: t('serviceView.createKeyword', { name: typed }) });
    return list;
  }, [value, names, known, results.data, search, t]);

  const creating = useMutation({
    mutationFn: ({ name }: { name: string; others: string[] }) => createKeywords([name]),
    onSuccess: (created, { others }) => {
      setNames((current) => new Map([...current, ...created.items.map((k) => [k.id, k.name] as const)]));
      notifySuccess(t('keywords.created'), created.items.map((k) => k.name).join(', '));
      onChange([...new Set([...others, ...created.items.map((k) => k.id)])]);
      setSearch('');
    },
    onError: (error) => reportWriteError(error, t('notifications.somethingWentWrong'), t),
  });

  return (
    <MultiSelect
      {...rest}
      searchable
      data={data}
      value={[...value]}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={onBlur}
      disabled={creating.isPending}
      // The server matched already; the create option must never be filtered away.
      filter={({ options }) => options}
      nothingFoundMessage={results.isFetching ? t('page.loading') : t('serviceView.noMatches')}
      onChange={(next) => {
        const toCreate = next.find((id) => id.startsWith(CREATE_PREFIX));
        if (toCreate) {
          creating.mutate({
            name: toCreate.slice(CREATE_PREFIX.length),
            others: next.filter((id) => id !== toCreate),
          });
          return;
        }
        setNames((current) => new Map([...current, ...next.map((id) => [id, nameOf(id)] as const)]));
        onChange(next);
      }}
      comboboxProps={{ transitionProps: { duration: 0 } }}
    />
  );
};
