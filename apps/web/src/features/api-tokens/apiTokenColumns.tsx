import { Badge, Group, Text } from '@mantine/core';
import { formatDateTime, type ApiToken } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { actionsColumn, type DataTableColumn } from '../../components/data-table';
import { StatusBadge } from '../../components/StatusBadge';

export const TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type TokenStatus = (typeof TOKEN_STATUSES)[number];

export const tokenStatus = (token: ApiToken, now = Date.now()): TokenStatus =>
  token.revokedAt ? 'revoked' : Date.parse(token.expiresAt) <= now ? 'expired' : 'active';

const STATUS_COLOURS: Record<TokenStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };

interface Options<T extends ApiToken> {
  /** Columns that stand after the name (the manager's list: the owner). */
  afterName?: DataTableColumn<T>[];
  /** "Revoke" on a live token, with the button's accessible name. */
  revoke: { label: (token: T) => string; onClick: (token: T) => void };
}

/**
 * The columns both token lists share (the profile's and the portal manager's): name, prefix,
 * scopes, status, expiry, last use, and "Revoke" on a live token.
 */
export const apiTokenColumns = <T extends ApiToken>(
  t: TFunction,
  { afterName = [], revoke }: Options<T>,
): DataTableColumn<T>[] => [
  {
    id: 'name',
    header: t('apiTokens.columns.name'),
    cell: (token) => token.name,
    sortValue: (token) => token.name,
    rowHeader: true,
    hideable: false,
  },
  ...afterName,
  {
    id: 'prefix',
    header: t('apiTokens.columns.prefix'),
    cell: (token) => <Text span ff="monospace">{`${token.prefix}…`}</Text>,
    nowrap: true,
  },
  {
    id: 'scopes',
    header: t('apiTokens.columns.scopes'),
    cell: (token) => (
      <Group gap={4} wrap="wrap">
        {token.scopes.map((scope) => (
          <Badge
            key={scope}
            variant="light"
            tt="none"
            c="bright"
            title={t(`apiTokens.scopeNames.${scope}`, { nsSeparator: false })}
          >
            {scope}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    id: 'status',
    header: t('apiTokens.columns.status'),
    cell: (token) => {
      const status = tokenStatus(token);
      return <StatusBadge color={STATUS_COLOURS[status]}>{t(`apiTokens.${status}`)}</StatusBadge>;
    },
    sortValue: (token) => tokenStatus(token),
  },
  {
    id: 'expiresAt',
    header: t('apiTokens.columns.expiresAt'),
    cell: (token) => formatDateTime(token.expiresAt),
    sortValue: (token) => token.expiresAt,
    nowrap: true,
  },
  {
    id: 'lastUsedAt',
    header: t('apiTokens.columns.lastUsedAt'),
    cell: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('apiTokens.neverUsed')),
    sortValue: (token) => token.lastUsedAt ?? '',
    sortDescFirst: true,
    nowrap: true,
  },
  actionsColumn<T>(t('apiTokens.columns.actions'), [
    {
      label: t('apiTokens.revoke'),
      name: revoke.label,
      onClick: revoke.onClick,
      shown: (token) => tokenStatus(token) === 'active',
    },
  ]),
];
