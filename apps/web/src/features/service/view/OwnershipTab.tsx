import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ServiceDetail, UserRef } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { addAdmin, removeAdmin } from '../../../api/services';
import { UserPicker, userLabel } from '../../../components/UserPicker';
import { RoleSection, usePickForm, useRoleWrite } from './RoleSection';

/** The further admins (service operation group): the service owner's people, with the owner's rights. */
const AdminsSection = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { write, busy } = useRoleWrite(service);
  const { picked, pick, clear } = usePickForm('admins');
  const canManage = service.permissions.manageAdmins;
  const admins = service.roles.admins;

  const add = async (user: UserRef) => {
    const done = await write(
      'add',
      () => addAdmin(service.id, user.id, service.version),
      t('serviceView.adminAdded', { name: user.fullname }),
    );
    if (done) clear();
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="role-admins">
      <Title order={2} size="h4" id="role-admins">
        {t('serviceView.roles.admins')}
      </Title>
      {admins.length === 0 ? (
        <Text mt="xs">{t('serviceView.nobody')}</Text>
      ) : (
        <ul className="inline-list" style={{ marginTop: '0.5rem' }}>
          {admins.map((admin) => (
            <li key={admin.id}>
              <Group gap="sm">
                <Text span>{userLabel(admin)}</Text>
                {canManage && (
                  <Button
                    variant="default"
                    size="compact-sm"
                    loading={busy === admin.id}
                    onClick={() =>
                      void write(
                        admin.id,
                        () => removeAdmin(service.id, admin.id, service.version),
                        t('serviceView.adminRemoved', { name: admin.fullname }),
                      )
                    }
                  >
                    {t('serviceView.removeAdmin', { name: admin.fullname })}
                  </Button>
                )}
              </Group>
            </li>
          ))}
        </ul>
      )}
      {canManage && (
        <Group align="flex-end" gap="sm" mt="sm">
          <UserPicker
            label={t('serviceView.newAdmin')}
            description={t('serviceView.pickerHelp')}
            value={picked?.id ?? null}
            onChange={pick}
            style={{ flex: '1 1 18rem', maxWidth: '32rem' }}
          />
          <Button onClick={() => picked && void add(picked)} disabled={!picked} loading={busy === 'add'}>
            {t('serviceView.addAdmin')}
          </Button>
        </Group>
      )}
    </Paper>
  );
};

/**
 * Ownership: the object owner (only the portfolio manager changes it), the service owner
 * (set by the object owner while drafting, later by the portfolio manager) and the further admins.
 */
export const OwnershipTab = ({ service }: { service: ServiceDetail }) => (
  <Stack gap="md">
    <RoleSection
      service={service}
      role="objectOwner"
      canAssign={service.permissions.editObjectOwner}
      removable={false}
    />
    <RoleSection service={service} role="serviceOwner" canAssign={service.permissions.assignRoles} removable />
    <AdminsSection service={service} />
  </Stack>
);
