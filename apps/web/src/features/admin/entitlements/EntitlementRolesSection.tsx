import { Button, Group, Text } from '@mantine/core';
import type { EntitlementRole } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../api/notify';
import { QueryFallback } from '../../../components/QueryFallback';
import { reportWriteError } from '../../../api/writes';
import { deleteEntitlementRole, entitlementRoleKeys, fetchEntitlementRoles } from './api';
import { EntitlementRoleModal } from './EntitlementRoleModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** The map from the identity provider's entitlements to roles: list, add, edit, remove after asking. */
export const EntitlementRolesSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const pairs = useQuery({ queryKey: entitlementRoleKeys.all, queryFn: ({ signal }) => fetchEntitlementRoles(signal) });
  // The pair by id, read from the list: after a 409 the reloaded pair reaches the form.
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<EntitlementRole | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: entitlementRoleKeys.all });
  const remove = useMutation({
    mutationFn: (pair: EntitlementRole) => deleteEntitlementRole(pair),
    onSuccess: (_nothing, pair) => {
      setRemoving(null);
      reload();
      notifySuccess(t('adminSections.entitlements.removed'), pair.entitlement);
    },
    onError: (error) => {
      setRemoving(null);
      reportWriteError(error, t('adminSections.entitlements.cannotRemove'), t, { onConflict: reload });
    },
  });

  const columns = useMemo(
    (): DataTableColumn<EntitlementRole>[] => [
      {
        id: 'entitlement',
        // Short: a header keeps to one line, and the values wrap below it on a phone.
        header: t('adminSections.entitlements.entitlementColumn'),
        cell: (pair) => (
          <Text span inherit style={{ wordBreak: 'break-all' }}>
            {pair.entitlement}
          </Text>
        ),
        sortValue: (pair) => pair.entitlement,
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'role',
        header: t('adminSections.entitlements.role'),
        cell: (pair) => t(`userAccounts.roles.${pair.role}`),
        sortValue: (pair) => t(`userAccounts.roles.${pair.role}`),
      },
      // On a phone the buttons stack, so the column stays narrow and in view.
      actionsColumn<EntitlementRole>(t('adminSections.entitlements.actions'), [
        {
          label: t('adminSections.entitlements.edit'),
          name: (pair) => t('adminSections.entitlements.editEntitlement', { entitlement: pair.entitlement }),
          onClick: (pair) => setEditing(pair.id),
          variant: 'light',
        },
        {
          label: t('adminSections.entitlements.remove'),
          name: (pair) => t('adminSections.entitlements.removeEntitlement', { entitlement: pair.entitlement }),
          onClick: setRemoving,
        },
      ]),
    ],
    [t],
  );

  if (!pairs.isSuccess) return <QueryFallback query={pairs} title={t('adminSections.entitlements.cannotLoad')} />;
  return (
    <>
      <Group justify="flex-end" mb="sm">
        <Button onClick={() => setEditing('new')}>{t('adminSections.entitlements.add')}</Button>
      </Group>
      <DataTable
        id="entitlement-roles"
        caption={t('adminSections.entitlements.caption')}
        columns={columns}
        rows={pairs.data.items}
        getRowId={(pair) => pair.id}
        initialSort={{ id: 'entitlement', desc: false }}
        empty={{ title: t('adminSections.entitlements.empty'), hint: t('adminSections.entitlements.emptyHint') }}
      />
      <EntitlementRoleModal
        editing={editing === 'new' ? 'new' : (pairs.data.items.find((pair) => pair.id === editing) ?? null)}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('adminSections.entitlements.removeTitle')}
        text={
          removing
            ? t('adminSections.entitlements.removeText', {
                entitlement: removing.entitlement,
                role: t(`userAccounts.roles.${removing.role}`),
              })
            : ''
        }
        confirmLabel={t('adminSections.entitlements.remove')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
        danger
      />
    </>
  );
};
