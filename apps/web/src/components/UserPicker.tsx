import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { UserRef } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { searchUsers, searchUsersWithGone, serviceKeys } from '../api/services';

/** How a person is shown wherever one is picked or named: name and e-mail tell namesakes apart. */
export const userLabel = (user: UserRef): string => (user.email ? `${user.fullname} (${user.email})` : user.fullname);

const MIN_QUERY = 2;

export interface UserPickerProps {
  label: string;
  description?: ReactNode;
  /** The picked user's id, or null. */
  value: string | null;
  /** Who `value` is, when known (the service answer's refs), so the name shows before any search. */
  known?: UserRef | null;
  onChange: (user: UserRef | null) => void;
  onBlur?: () => void;
  error?: ReactNode;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  /** Width, responsive like Mantine's (a filter bar is full width on a phone). */
  w?: SelectProps['w'];
  /**
   * Where the people come from, when not the portal's user search (GET /api/users): a screen whose
   * users may not search every user asks its own API (the VO application's deputy).
   */
  source?: UserSource;
}

/** A user search: the query's cache key and the call. */
export interface UserSource {
  key: (q: string) => readonly unknown[];
  search: (q: string, signal?: AbortSignal) => Promise<{ items: UserRef[] }>;
}

const PORTAL_USERS: UserSource = { key: serviceKeys.users, search: searchUsers };

/** The portal's users with those marked as gone, who are picked in a filter but given nothing. */
export const PORTAL_USERS_WITH_GONE: UserSource = { key: serviceKeys.usersWithGone, search: searchUsersWithGone };

/**
 * Picks a portal user by name, username or e-mail (GET /api/users?q=, from two characters on);
 * people marked as gone are not offered, except by `PORTAL_USERS_WITH_GONE`.
 * The server does the matching, so the list is shown as it comes.
 */
export const UserPicker = ({
  label,
  value,
  known,
  onChange,
  onBlur,
  source = PORTAL_USERS,
  ...rest
}: UserPickerProps) => {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<UserRef | null>(known ?? null);
  const [search, setSearch] = useState('');
  const selected = value === null ? null : picked?.id === value ? picked : (known ?? null);
  const query = search.trim();
  // While the input shows the picked person, their label is not a search.
  const searching = query.length >= MIN_QUERY && (!selected || query !== userLabel(selected));
  const [debounced] = useDebouncedValue(query, 250);
  const results = useQuery({
    queryKey: source.key(debounced),
    queryFn: ({ signal }) => source.search(debounced, signal),
    enabled: searching && debounced.length >= MIN_QUERY,
    staleTime: 30_000,
  });

  const users = useMemo(() => {
    const byId = new Map<string, UserRef>();
    if (selected) byId.set(selected.id, selected);
    if (searching) for (const user of results.data?.items ?? []) byId.set(user.id, user);
    return byId;
  }, [selected, searching, results.data]);

  const data = useMemo(() => [...users.values()].map((user) => ({ value: user.id, label: userLabel(user) })), [users]);

  return (
    <Select
      {...rest}
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('serviceView.clearPick', { label }) }}
      data={data}
      value={selected ? selected.id : null}
      searchValue={search}
      onSearchChange={setSearch}
      onBlur={onBlur}
      // The server matched already (also by username, which the label does not show).
      filter={({ options }) => options}
      nothingFoundMessage={
        query.length < MIN_QUERY
          ? t('validation.searchTooShort')
          : results.isFetching
            ? t('page.loading')
            : t('serviceView.noMatches')
      }
      onChange={(id) => {
        const user = id ? (users.get(id) ?? null) : null;
        setPicked(user);
        onChange(user);
      }}
      comboboxProps={{ transitionProps: { duration: 0 } }}
    />
  );
};
