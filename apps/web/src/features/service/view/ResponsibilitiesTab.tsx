import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, roleChangeRequestSchema, userRefSchema, type ServiceDetail } from '@nubes/domain';
import { useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { NativeSelectField, TextareaField } from '../../../forms/fields';
import { useGuardedForm } from '../../../components/LeaveGuard';
import { useZodForm } from '../../../forms/useZodForm';
import { usePermission } from '../../../hooks/usePermission';
import { decideRoleChange, requestRoleChange } from '../../../api/services';
import { UserPicker, userLabel } from '../../../components/UserPicker';
import { RoleSection, useRoleWrite } from './RoleSection';

type ChangeableRole = 'serviceOwner' | 'serviceManager';
type RoleChange = ServiceDetail['roleChanges'][number];
const CHANGEABLE: readonly ChangeableRole[] = ['serviceOwner', 'serviceManager'];

/** The request form: the role, the proposed person (required) and an optional reason. */
const requestFormSchema = z.object({
  role: roleChangeRequestSchema.shape.role,
  user: userRefSchema.nullable().refine((user) => user !== null, 'validation.required'),
  reason: z.string().max(2000, 'validation.tooLong'),
});
const REQUEST_DEFAULTS: z.input<typeof requestFormSchema> = { role: 'serviceOwner', user: null, reason: '' };

/** The manager asks for a new service owner or a new manager; the portfolio manager decides. */
const RequestChange = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { write, busy } = useRoleWrite(service);
  const { control, handleSubmit, reset, setValue } = useZodForm(requestFormSchema, { defaultValues: REQUEST_DEFAULTS });
  const [user, reason] = useWatch({ control, name: ['user', 'reason'] });
  const [pickerKey, setPickerKey] = useState(0);
  useGuardedForm('role-change-request', {
    dirty: user !== null || reason.trim() !== '',
    discard: () => reset(REQUEST_DEFAULTS),
  });

  const send = async (values: z.output<typeof requestFormSchema>) => {
    const picked = values.user;
    const roleLabel = t(`serviceView.roles.${values.role}`);
    const text = values.reason.trim();
    const done = await write(
      'request',
      () => requestRoleChange(service.id, { role: values.role, userId: picked.id, ...(text ? { reason: text } : {}) }),
      t('serviceView.roleChangeRequested', { role: roleLabel, name: picked.fullname }),
    );
    if (done) {
      reset(REQUEST_DEFAULTS);
      setPickerKey((key) => key + 1);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="role-change-request">
      <Title order={2} size="h4" id="role-change-request">
        {t('serviceView.requestChange')}
      </Title>
      <Text mt="xs">{t('serviceView.requestChangeHelp')}</Text>
      <form noValidate aria-labelledby="role-change-request" onSubmit={(event) => void handleSubmit(send)(event)}>
        <Stack gap="sm" mt="sm">
          <NativeSelectField
            control={control}
            name="role"
            label={t('serviceView.role')}
            data={CHANGEABLE.map((value) => ({ value, label: t(`serviceView.roles.${value}`) }))}
            maw="24rem"
          />
          <UserPicker
            key={pickerKey}
            label={t('serviceView.proposedHolder')}
            description={t('serviceView.pickerHelp')}
            value={user?.id ?? null}
            onChange={(next) => setValue('user', next, { shouldDirty: true })}
            required
            style={{ maxWidth: '36rem' }}
          />
          <TextareaField
            control={control}
            name="reason"
            label={t('serviceView.reason')}
            autosize
            minRows={2}
            maw="48rem"
          />
          <Button type="submit" disabled={!user} loading={busy === 'request'} style={{ alignSelf: 'flex-start' }}>
            {t('serviceView.sendRequest')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
};

/** Open requests; the portfolio manager accepts (the role changes) or rejects them. */
const PendingRequests = ({ service }: { service: ServiceDetail }) => {
  const { t } = useTranslation();
  const { write, busy } = useRoleWrite(service);
  const pending = service.roleChanges.filter((change) => change.state === 'pending');
  const canDecide = service.permissions.decideRoleChange;
  if (pending.length === 0 && !canDecide && !service.permissions.requestRoleChange) return null;
  const roleLabel = (change: RoleChange) => t(`serviceView.roles.${change.role}`);
  const columns: DataTableColumn<RoleChange>[] = [
    { id: 'role', header: t('serviceView.role'), cell: roleLabel, sortValue: roleLabel, hideable: false },
    {
      id: 'user',
      header: t('serviceView.proposedHolder'),
      cell: (change) => userLabel(change.user),
      sortValue: (change) => change.user.fullname,
    },
    {
      id: 'requestedBy',
      header: t('serviceView.requestedBy'),
      cell: (change) => (change.requestedBy ? userLabel(change.requestedBy) : ''),
      sortValue: (change) => change.requestedBy?.fullname,
    },
    { id: 'reason', header: t('serviceView.reason'), cell: (change) => change.reason },
    {
      id: 'when',
      header: t('serviceView.when'),
      cell: (change) => formatDateTime(change.createdAt),
      sortValue: (change) => change.createdAt,
      sortDescFirst: true,
      nowrap: true,
    },
  ];
  if (canDecide) {
    columns.push({
      id: 'decision',
      header: t('serviceView.decision'),
      hideable: false,
      cell: (change) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="compact-sm"
            loading={busy === `accept-${change.id}`}
            aria-label={t('serviceView.acceptRequest', { role: roleLabel(change), name: change.user.fullname })}
            onClick={() =>
              void write(
                `accept-${change.id}`,
                () => decideRoleChange(service.id, change.id, true),
                t('serviceView.requestAccepted', { role: roleLabel(change), name: change.user.fullname }),
              )
            }
          >
            {t('serviceView.accept')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={busy === `reject-${change.id}`}
            aria-label={t('serviceView.rejectRequest', { role: roleLabel(change), name: change.user.fullname })}
            onClick={() =>
              void write(
                `reject-${change.id}`,
                () => decideRoleChange(service.id, change.id, false),
                t('serviceView.requestRejected', { role: roleLabel(change), name: change.user.fullname }),
              )
            }
          >
            {t('serviceView.reject')}
          </Button>
        </Group>
      ),
    });
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="role-change-pending">
      <Title order={2} size="h4" id="role-change-pending">
        {t('serviceView.pendingRequests')}
      </Title>
      <Box mt="sm">
        <DataTable
          id="service-role-changes"
          caption={t('serviceView.pendingRequests')}
          columns={columns}
          rows={pending}
          getRowId={(change) => change.id}
          empty={{ title: t('serviceView.noPendingRequests') }}
        />
      </Box>
    </Paper>
  );
};

/**
 * Responsibilities: service manager and provider manager, requests to change the service
 * owner or the manager, and their decision; for readers of the contact database also the
 * contacts related to the service.
 */
export const ResponsibilitiesTab = ({ service, contacts }: { service: ServiceDetail; contacts: ReactNode }) => {
  const mayReadContacts = usePermission('contact.read');
  return (
    <Stack gap="md">
      <RoleSection service={service} role="serviceManager" canAssign={service.permissions.assignRoles} removable />
      <RoleSection service={service} role="providerManager" canAssign={service.permissions.assignRoles} removable />
      {service.permissions.requestRoleChange && <RequestChange service={service} />}
      <PendingRequests service={service} />
      {mayReadContacts && contacts}
    </Stack>
  );
};
