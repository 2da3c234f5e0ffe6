import { Button, Group, Text } from '@mantine/core';
import type { ResourceType } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../api/notify';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { reportWriteError } from '../../../api/writes';
import { deleteResourceType, fetchResourceTypes, resourcePackageKeys, updateResourceType } from '../api';
import { inLanguage } from '../localized';
import { policyText } from '../policy/policyText';
import { ResourceTypeFormModal } from './ResourceTypeFormModal';
import { StatusBadge } from '../../../components/StatusBadge';
import { RowAction } from '../../../components/RowAction';

/** The type by id, read from the list (so a reload after a 409 reaches the form), or a new one. */
type Editing = { id?: string } | null;

/**
 * The resource types for the portal manager (admin panel): the list, a new type, edits,
 * retiring and reactivating, and deleting a type no package uses.
 */
export const ResourceTypesSection = () => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const queryClient = useQueryClient();
  const types = useQuery({ queryKey: resourcePackageKeys.types, queryFn: fetchResourceTypes });
  const [editing, setEditing] = useState<Editing>(null);
  const edited = editing?.id ? types.data?.items.find((type) => type.id === editing.id) : undefined;
  const [deleting, setDeleting] = useState<ResourceType | null>(null);
  // Retiring asks first: new packages can no longer choose the type. Reactivating does not.
  const [confirmingRetire, setConfirmingRetire] = useState<ResourceType | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: resourcePackageKeys.types });

  const retiring = useMutation({
    mutationFn: (type: ResourceType) =>
      updateResourceType(type.id, {
        version: type.version,
        name: type.name,
        description: type.description,
        quotaUnit: type.quotaUnit,
        schema: policyText(type.schema),
        retired: !type.retired,
      }),
    onSuccess: (saved) => {
      setConfirmingRetire(null);
      reload();
      notifySuccess(t('resourceTypes.updated'), inLanguage(saved.name, language));
    },
    onError: (error) => {
      setConfirmingRetire(null);
      reportWriteError(error, t('resourceTypeAdmin.cannotChange'), t, { onConflict: reload });
    },
  });

  const removing = useMutation({
    mutationFn: (type: ResourceType) => deleteResourceType(type.id, type.version),
    onSuccess: (_nothing, type) => {
      setDeleting(null);
      reload();
      notifySuccess(t('resourceTypes.deleted'), inLanguage(type.name, language));
    },
    onError: (error) => {
      setDeleting(null);
      // In use since the list was read (409): the list shows the packages again.
      reportWriteError(error, t('resourceTypeAdmin.cannotDelete'), t, { onConflict: reload });
    },
  });

  const columns = useMemo(
    (): DataTableColumn<ResourceType>[] => [
      {
        id: 'name',
        header: t('resourceTypeAdmin.name'),
        cell: (type) => inLanguage(type.name, language),
        sortValue: (type) => inLanguage(type.name, language),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'key',
        header: t('resourceTypeAdmin.key'),
        cell: (type) => <code>{type.key}</code>,
        sortValue: (type) => type.key,
        nowrap: true,
      },
      {
        id: 'quotaUnit',
        header: t('resourceTypeAdmin.quotaUnit'),
        cell: (type) => inLanguage(type.quotaUnit, language),
        sortValue: (type) => inLanguage(type.quotaUnit, language),
      },
      {
        id: 'packageCount',
        header: t('resourceTypeAdmin.packageCount'),
        cell: (type) => type.packageCount,
        sortValue: (type) => type.packageCount,
        numeric: true,
      },
      {
        id: 'status',
        header: t('resourceTypeAdmin.status'),
        cell: (type) => (
          <StatusBadge color={type.retired ? 'gray' : 'green'}>
            {t(type.retired ? 'resourceTypeAdmin.retired' : 'resourceTypeAdmin.active')}
          </StatusBadge>
        ),
        sortValue: (type) => (type.retired ? 1 : 0),
        nowrap: true,
      },
      {
        id: 'actions',
        header: t('resourceTypeAdmin.actions'),
        hideable: false,
        cell: (type) => {
          const name = inLanguage(type.name, language);
          return (
            <Group gap={6} wrap="nowrap">
              <RowAction
                label={t('resourceTypeAdmin.edit')}
                aria-label={t('resourceTypeAdmin.editType', { name })}
                onClick={() => setEditing({ id: type.id })}
              />
              <RowAction
                label={t(type.retired ? 'resourceTypeAdmin.reactivate' : 'resourceTypeAdmin.retire')}
                aria-label={t(type.retired ? 'resourceTypeAdmin.reactivateType' : 'resourceTypeAdmin.retireType', {
                  name,
                })}
                loading={retiring.isPending && retiring.variables.id === type.id}
                onClick={() => (type.retired ? retiring.mutate(type) : setConfirmingRetire(type))}
              />
              {type.packageCount === 0 && (
                <RowAction
                  label={t('resourceTypeAdmin.delete')}
                  variant="light"
                  color="red"
                  aria-label={t('resourceTypeAdmin.deleteType', { name })}
                  onClick={() => setDeleting(type)}
                />
              )}
            </Group>
          );
        },
      },
    ],
    [t, language, retiring],
  );

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Text maw="48rem">{t('resourceTypeAdmin.intro')}</Text>
        <Button onClick={() => setEditing({})}>{t('resourceTypeAdmin.newType')}</Button>
      </Group>
      <DataTable
        id="resource-types"
        caption={t('resourceTypeAdmin.types')}
        columns={columns}
        rows={types.data?.items}
        getRowId={(type) => type.id}
        initialSort={{ id: 'name', desc: false }}
        countLabel={(count) => t('resourceTypeAdmin.count', { count })}
        empty={{ title: t('resourceTypeAdmin.empty'), hint: t('resourceTypeAdmin.emptyHint') }}
      />
      <ResourceTypeFormModal
        opened={editing !== null && (editing.id === undefined || edited !== undefined)}
        resourceType={edited}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={confirmingRetire !== null}
        title={t('resourceTypeAdmin.retireTitle')}
        text={t('resourceTypeAdmin.retireText', {
          name: confirmingRetire ? inLanguage(confirmingRetire.name, language) : '',
        })}
        confirmLabel={t('resourceTypeAdmin.retire')}
        busy={retiring.isPending}
        onConfirm={() => confirmingRetire && retiring.mutate(confirmingRetire)}
        onCancel={() => setConfirmingRetire(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('resourceTypeAdmin.deleteTitle')}
        text={t('resourceTypeAdmin.deleteText', { name: deleting ? inLanguage(deleting.name, language) : '' })}
        confirmLabel={t('resourceTypeAdmin.delete')}
        busy={removing.isPending}
        danger
        onConfirm={() => deleting && removing.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
};
