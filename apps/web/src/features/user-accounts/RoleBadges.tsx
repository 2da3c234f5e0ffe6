import { Badge, Group, Text } from '@mantine/core';
import type { Role } from '@nubes/domain';
import { useTranslation } from 'react-i18next';

/** Roles as badges: the portal's filled, the identity provider's outlined, so the two read apart. */
export const RoleBadges = ({ roles, fromIdp = false }: { roles: readonly Role[]; fromIdp?: boolean }) => {
  const { t } = useTranslation();
  if (roles.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('userAccounts.details.none')}
      </Text>
    );
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant={fromIdp ? 'outline' : 'light'} tt="none">
          {t(`userAccounts.roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
};
