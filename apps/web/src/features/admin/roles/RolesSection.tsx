import { Anchor } from '@mantine/core';
import { routePath, type RoleCount, type RoleCountList } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../api/client';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { QueryFallback } from '../../../components/QueryFallback';
import { Link } from '../../../routing';

const fetchRoleCounts = (signal?: AbortSignal) => apiRequest<RoleCountList>('/api/role-counts', { signal });

/** The user accounts screen filtered by the role (it keeps its filters in the address). */
const usersWith = (role: string) => `${routePath('userAccounts')}?role=${encodeURIComponent(role)}`;

/** Every role with the number of its users and a link to them in the user accounts screen. */
export const RolesSection = () => {
  const { t, i18n } = useTranslation();
  const counts = useQuery({ queryKey: ['role-counts'], queryFn: ({ signal }) => fetchRoleCounts(signal) });
  const columns = useMemo(
    (): DataTableColumn<RoleCount>[] => [
      {
        id: 'role',
        header: t('adminSections.roles.role'),
        cell: (row) => t(`userAccounts.roles.${row.role}`),
        sortValue: (row) => t(`userAccounts.roles.${row.role}`),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'users',
        header: t('adminSections.roles.users'),
        cell: (row) => row.users.toLocaleString(i18n.language),
        sortValue: (row) => row.users,
        numeric: true,
      },
      {
        id: 'link',
        header: t('adminSections.roles.accounts'),
        cell: (row) => (
          <Anchor
            component={Link}
            to={usersWith(row.role)}
            aria-label={t('adminSections.roles.showUsersOf', { role: t(`userAccounts.roles.${row.role}`) })}
          >
            {t('adminSections.roles.showUsers')}
          </Anchor>
        ),
        hideable: false,
      },
    ],
    [t, i18n.language],
  );

  if (!counts.isSuccess) return <QueryFallback query={counts} title={t('adminSections.roles.cannotLoad')} />;
  return (
    <DataTable
      id="role-counts"
      caption={t('adminSections.roles.caption')}
      columns={columns}
      rows={counts.data.items}
      getRowId={(row) => row.role}
      empty={{ title: t('adminSections.roles.none') }}
    />
  );
};
