import { NativeSelect } from '@mantine/core';
import { ROLES } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../components/FilterBar';
import { SearchBox } from '../../components/SearchBox';
import { fetchInstitutions, serviceKeys } from '../../api/services';
import { changeUserAccountsView, type UserAccountsView } from './userAccountsView';

interface Props {
  view: UserAccountsView;
  onChange: (next: UserAccountsView, options?: { replace?: boolean }) => void;
}

/** Search, role and institution of the user account list; each change starts on page 1. */
export const UserAccountFilters = ({ view, onChange }: Props) => {
  const { t } = useTranslation();
  const institutions = useQuery({ queryKey: serviceKeys.institutions, queryFn: fetchInstitutions, staleTime: 300_000 });
  const change = (partial: Parameters<typeof changeUserAccountsView>[1], options?: { replace?: boolean }) =>
    onChange(changeUserAccountsView(view, partial), options);

  const institutionOptions = useMemo(() => {
    const options = (institutions.data?.items ?? []).map((institution) => ({
      value: institution.id,
      label: `${institution.abbreviation} – ${institution.name}`,
    }));
    // Until the institutions are there, the chosen one stays selectable.
    if (view.institution && !options.some((option) => option.value === view.institution))
      options.push({ value: view.institution, label: view.institution });
    return [{ value: '', label: t('userAccounts.filters.allInstitutions') }, ...options];
  }, [institutions.data, view.institution, t]);

  const filtered = Boolean(view.q || view.role || view.institution);
  return (
    <FilterBar
      label={t('portfolio.filtersLabel')}
      onReset={filtered ? () => change({ q: '', role: null, institution: null }) : undefined}
      active={[view.role, view.institution].filter(Boolean).length}
      search={
        <SearchBox
          label={t('userAccounts.filters.search')}
          description={t('userAccounts.filters.searchDescription')}
          value={view.q}
          // Refining a search replaces its history step; starting or clearing one adds a step.
          onCommit={(q) => change({ q }, { replace: Boolean(q && view.q) })}
        />
      }
    >
      <NativeSelect
        label={t('userAccounts.filters.role')}
        data={[
          { value: '', label: t('userAccounts.filters.allRoles') },
          ...ROLES.map((role) => ({ value: role, label: t(`userAccounts.roles.${role}`) })),
        ]}
        value={view.role ?? ''}
        onChange={(event) => change({ role: (event.currentTarget.value || null) as UserAccountsView['role'] })}
        w={{ base: '100%', sm: 240 }}
      />
      <NativeSelect
        label={t('userAccounts.filters.institution')}
        data={institutionOptions}
        value={view.institution ?? ''}
        onChange={(event) => change({ institution: event.currentTarget.value || null })}
        w={{ base: '100%', sm: 280 }}
      />
    </FilterBar>
  );
};
