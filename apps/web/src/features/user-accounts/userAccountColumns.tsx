import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { formatDateTime, type UserAccountRow } from '@nubes/domain';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from '../../components/data-table';
import { Link } from '../../routing';
import { RoleBadges } from './RoleBadges';

/** The server sorts: any sort value marks a column sortable, its id is the sort key. */
const sortable = () => null;

/** The user account list's columns: the name first (it names the row and opens the details). */
export const userAccountColumns = (
  t: TFunction,
  detailsHref: (row: UserAccountRow) => string,
): DataTableColumn<UserAccountRow>[] => [
  {
    id: 'fullname',
    header: t('userAccounts.columns.fullname'),
    cell: (row) => (
      <Group gap={6} wrap="nowrap">
        <Anchor component={Link} to={detailsHref(row)} fw={600}>
          {row.fullname || row.username}
        </Anchor>
        {row.goneAt && (
          <Badge color="red" variant="light" size="sm">
            {t('userAccounts.gone.badge')}
          </Badge>
        )}
      </Group>
    ),
    sortValue: sortable,
    rowHeader: true,
    hideable: false,
  },
  { id: 'username', header: t('userAccounts.columns.username'), cell: (row) => row.username, sortValue: sortable },
  { id: 'email', header: t('userAccounts.columns.email'), cell: (row) => row.email || '—', sortValue: sortable },
  {
    id: 'institution',
    header: t('userAccounts.columns.institution'),
    cell: (row) => (row.institution ? <abbr title={row.institution.name}>{row.institution.abbreviation}</abbr> : '—'),
  },
  {
    id: 'roles',
    header: t('userAccounts.columns.roles'),
    // Portal roles filled, IdP roles outlined (RoleBadges); "none" only when there is neither.
    cell: (row) =>
      row.roles.length === 0 && row.entitlementRoles.length === 0 ? (
        <RoleBadges roles={[]} />
      ) : (
        <Stack gap={4}>
          {row.roles.length > 0 && <RoleBadges roles={row.roles} />}
          {row.entitlementRoles.length > 0 && (
            <div>
              <Text size="xs" c="dimmed">
                {t('userAccounts.rolesForm.fromIdp')}
              </Text>
              <RoleBadges roles={row.entitlementRoles} fromIdp />
            </div>
          )}
        </Stack>
      ),
  },
  {
    id: 'lastLoginAt',
    header: t('userAccounts.columns.lastLoginAt'),
    cell: (row) => (row.lastLoginAt ? formatDateTime(row.lastLoginAt) : t('userAccounts.details.never')),
    sortValue: sortable,
    sortDescFirst: true,
    nowrap: true,
  },
];
