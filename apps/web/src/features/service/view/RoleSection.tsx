import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ServiceDetail, UpdateServiceRolesRequest, UserRef } from '@nubes/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { updateRoles } from '../api';
import { UserPicker, userLabel } from '../inputs/UserPicker';
import { reportWriteError, useServiceCache } from '../writes';

export type AssignableRole = 'objectOwner' | 'serviceOwner' | 'serviceManager' | 'providerManager';

/** PUT /roles names only the role that changes; null removes its holder (never the object owner). */
const rolesBody = (role: AssignableRole, userId: string | null, version: number): UpdateServiceRolesRequest => {
  if (role === 'objectOwner') return userId ? { version, objectOwnerId: userId } : { version };
  const key: `${Exclude<AssignableRole, 'objectOwner'>}Id` = `${role}Id`;
  return { version, [key]: userId };
};

/** Runs one role write and reports it; the answer is the service as it is now. */
export const useRoleWrite = (service: ServiceDetail) => {
  const { t } = useTranslation();
  const { store, reload } = useServiceCache(service.id);
  const [busy, setBusy] = useState<string | null>(null);
  const write = async (key: string, call: () => Promise<ServiceDetail>, successText: string): Promise<boolean> => {
    setBusy(key);
    try {
      store(await call());
      notifySuccess(t('service.updated'), successText);
      return true;
    } catch (error) {
      reportWriteError(error, t('serviceView.cannotChangeRoles'), t, { onConflict: reload });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { write, busy };
};

export interface RoleSectionProps {
  service: ServiceDetail;
  role: AssignableRole;
  /** Whether this user may set the role directly. */
  canAssign: boolean;
  /** The object owner can be replaced, never removed. */
  removable: boolean;
}

/** One role of the service: who holds it, and (with the right) a picker to give it to someone else. */
export const RoleSection = ({ service, role, canAssign, removable }: RoleSectionProps) => {
  const { t } = useTranslation();
  const { write, busy } = useRoleWrite(service);
  const [picked, setPicked] = useState<UserRef | null>(null);
  const holder = service.roles[role];
  const roleLabel = t(`serviceView.roles.${role}`);
  const headingId = `role-${role}`;

  const assign = async (user: UserRef | null) => {
    const done = await write(
      user ? 'assign' : 'remove',
      () => updateRoles(service.id, rolesBody(role, user?.id ?? null, service.version)),
      user
        ? t('serviceView.roleAssigned', { role: roleLabel, name: user.fullname })
        : t('serviceView.roleRemoved', { role: roleLabel }),
    );
    if (done) setPicked(null);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {roleLabel}
      </Title>
      <Text mt="xs">{holder ? userLabel(holder) : t('serviceView.nobody')}</Text>
      {canAssign && (
        <Stack gap="xs" mt="sm">
          <Group align="flex-end" gap="sm">
            <UserPicker
              label={t('serviceView.newHolder', { role: roleLabel })}
              description={t('serviceView.pickerHelp')}
              value={picked?.id ?? null}
              onChange={setPicked}
              style={{ flex: '1 1 18rem' }}
            />
            <Button onClick={() => picked && void assign(picked)} disabled={!picked} loading={busy === 'assign'}>
              {t('serviceView.assign')}
            </Button>
            {removable && holder && (
              <Button variant="default" onClick={() => void assign(null)} loading={busy === 'remove'}>
                {t('serviceView.removeHolder', { role: roleLabel })}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Paper>
  );
};
