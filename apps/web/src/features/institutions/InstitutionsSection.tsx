import { Anchor, Button, Group, Text } from '@mantine/core';
import type { InstitutionDetail } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, DataTable, listExports, type DataTableColumn } from '../../components/data-table';
import { notifySuccess } from '../../api/notify';
import { reportWriteError } from '../../api/writes';
import { deleteInstitution, fetchInstitutionDetails, institutionKeys } from './api';
import { InstitutionFormModal, useKeptInstitutionDraft } from './InstitutionFormModal';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** The institution being edited by id (read from the list, so a reload reaches the form), or a new one. */
type Editing = { id?: string } | null;

/**
 * The institutions of the alliance for the contact managers and the service desk: the list, a new
 * institution, edits, and deleting one nothing names (the server says what still does).
 */
export const InstitutionsSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const institutions = useQuery({ queryKey: institutionKeys.all, queryFn: fetchInstitutionDetails });
  // A form left unsaved when the session ended opens again as it was.
  const [editing, setEditing] = useState<Editing>(useKeptInstitutionDraft());
  const [deleting, setDeleting] = useState<InstitutionDetail | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: institutionKeys.all });
  const edited = editing?.id
    ? institutions.data?.items.find((institution) => institution.id === editing.id)
    : undefined;

  const removing = useMutation({
    mutationFn: (institution: InstitutionDetail) => deleteInstitution(institution.id, institution.version),
    onSuccess: (_nothing, institution) => {
      setDeleting(null);
      reload();
      notifySuccess(t('institutionAdmin.deleted'), institution.abbreviation);
    },
    onError: (error) => {
      setDeleting(null);
      // In use (the server names what uses it) or changed since the list was read.
      reportWriteError(error, t('institutionAdmin.cannotDelete'), t, { onConflict: reload });
    },
  });

  const columns = useMemo((): DataTableColumn<InstitutionDetail>[] => {
    const yesNo = (value: boolean) => t(value ? 'institutionAdmin.yes' : 'institutionAdmin.no');
    return [
      {
        id: 'abbreviation',
        header: t('institutionAdmin.abbreviation'),
        cell: (institution) => institution.abbreviation,
        sortValue: (institution) => institution.abbreviation.toLowerCase(),
        rowHeader: true,
        hideable: false,
        nowrap: true,
      },
      {
        id: 'name',
        header: t('institutionAdmin.name'),
        cell: (institution) => institution.name,
        sortValue: (institution) => institution.name.toLowerCase(),
      },
      {
        id: 'url',
        header: t('institutionAdmin.url'),
        cell: (institution) =>
          institution.url ? (
            <Anchor href={institution.url} target="_blank" rel="noopener noreferrer">
              {institution.url}
            </Anchor>
          ) : null,
        sortValue: (institution) => institution.url,
      },
      {
        id: 'isCentre',
        header: t('institutionAdmin.isCentre'),
        cell: (institution) => yesNo(institution.isCentre),
        sortValue: (institution) => (institution.isCentre ? 0 : 1),
        nowrap: true,
      },
      {
        id: 'isServiceProvider',
        header: t('institutionAdmin.isServiceProvider'),
        cell: (institution) => yesNo(institution.isServiceProvider),
        sortValue: (institution) => (institution.isServiceProvider ? 0 : 1),
        nowrap: true,
      },
      actionsColumn<InstitutionDetail>(
        t('institutionAdmin.actions'),
        [
          {
            label: t('institutionAdmin.edit'),
            name: (institution) => t('institutionAdmin.editInstitution', { name: institution.abbreviation }),
            onClick: (institution) => setEditing({ id: institution.id }),
          },
          {
            label: t('institutionAdmin.delete'),
            name: (institution) => t('institutionAdmin.deleteInstitution', { name: institution.abbreviation }),
            onClick: setDeleting,
            variant: 'light',
            color: 'red',
          },
        ],
        { nowrap: true },
      ),
    ];
  }, [t]);

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Text maw="48rem">{t('institutionAdmin.intro')}</Text>
        <Button onClick={() => setEditing({})}>{t('institutionAdmin.newInstitution')}</Button>
      </Group>
      {institutions.isError && (
        <Text role="alert" fw={600} mb="md">
          {t('institutionAdmin.cannotLoad')}: {institutions.error.message}
        </Text>
      )}
      <DataTable
        id="institutions"
        caption={t('institutionAdmin.list')}
        columns={columns}
        rows={institutions.data?.items}
        getRowId={(institution) => institution.id}
        initialSort={{ id: 'abbreviation', desc: false }}
        countLabel={(count) => t('institutionAdmin.count', { count })}
        exports={listExports('/api/institutions')}
        empty={{ title: t('institutionAdmin.empty'), hint: t('institutionAdmin.emptyHint') }}
      />
      <InstitutionFormModal
        opened={editing !== null && (editing.id === undefined || edited !== undefined)}
        institution={edited}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('institutionAdmin.deleteTitle')}
        text={deleting ? t('institutionAdmin.deleteText', { name: `${deleting.abbreviation} – ${deleting.name}` }) : ''}
        confirmLabel={t('institutionAdmin.delete')}
        onConfirm={() => deleting && removing.mutate(deleting)}
        onCancel={() => setDeleting(null)}
        busy={removing.isPending}
        danger
      />
    </>
  );
};
