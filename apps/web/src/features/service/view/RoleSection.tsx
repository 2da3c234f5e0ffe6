import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { userRefSchema, type ServiceDetail, type UpdateServiceRolesRequest, type UserRef } from '@nubes/domain';
import { useMutation } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { notifySuccess } from '../../../api/notify';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { updateRoles } from '../../../api/services';
import { UserPicker, userLabel } from '../../../components/UserPicker';
import { reportWriteError, useServiceCache } from '../../../api/writes';

type AssignableRole = 'objectOwner' | 'serviceOwner' | 'serviceManager' | 'providerManager';

/** PUT /roles names only the role that changes; null removes its holder (never the object owner). */
const rolesBody = (role: AssignableRole, userId: string | null, version: number): UpdateServiceRolesRequest => {
  if (role === 'objectOwner') return userId ? { version, objectOwnerId: userId } : { version };
  const key: `${Exclude<AssignableRole, 'objectOwner'>}Id` = `${role}Id`;
  return { version, [key]: userId };
};

interface RoleWrite {
  /** Which button started it (shows the busy state there). */
  key: string;
  call: () => Promise<ServiceDetail>;
  successText: string;
}

/** Runs one role write (a mutation) and reports it; the answer is the service as it is now. */
export const useRoleWrite = (service: ServiceDetail) => {
  const { t } = useTranslation();
  const { store, reload } = useServiceCache(service.id);
  const mutation = useMutation({
    mutationFn: ({ call }: RoleWrite) => call(),
    onSuccess: (next, { successText }) => {
      store(next);
      notifySuccess(t('service.updated'), successText);
    },
    onError: (error) => reportWriteError(error, t('serviceView.cannotChangeRoles'), t, { onConflict: reload }),
  });
  const { mutateAsync } = mutation;
  const write = async (key: string, call: () => Promise<ServiceDetail>, successText: string): Promise<boolean> => {
    try {
      await mutateAsync({ key, call, successText });
      return true;
    } catch {
      // Reported by the mutation's onError.
      return false;
    }
  };
  return { write, busy: mutation.isPending ? (mutation.variables?.key ?? null) : null };
};

const pickSchema = z.object({ user: userRefSchema.nullable() });

/**
 * A person picked for a role but not yet assigned: a form of its own, so leaving it with a pick
 * asks first (ADR 19).
 */
export const usePickForm = (id: string) => {
  const { control, setValue, reset } = useZodForm(pickSchema, { defaultValues: { user: null } });
  const picked = useWatch({ control, name: 'user' });
  const clear = () => reset({ user: null });
  useGuardedForm(id, { dirty: picked !== null, discard: clear });
  return { picked, pick: (user: UserRef | null) => setValue('user', user, { shouldDirty: true }), clear };
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
  const { picked, pick, clear } = usePickForm(`role-${role}`);
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
    if (done) clear();
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
              onChange={pick}
              style={{ flex: '1 1 18rem', maxWidth: '32rem' }}
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
