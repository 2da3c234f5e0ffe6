import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { CentreAbbreviation, VoNamePrefix } from '@nubes/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actionsColumn, DataTable, type DataTableColumn } from '../../../components/data-table';
import { notifySuccess } from '../../../api/notify';
import { QueryFallback } from '../../../components/QueryFallback';
import { reportWriteError } from '../../../api/writes';
import { deleteVoNamePrefix, fetchVoNamePrefixes, voNamePrefixKeys } from './api';
import { VoNamePrefixModal } from './VoNamePrefixModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/**
 * The reserved VO name prefixes: the portal manager's list (add, remove after asking) and, read-only,
 * the abbreviations of the institutions flagged as centres, which are reserved as well.
 */
export const VoNamePrefixesSection = () => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prefixes = useQuery({ queryKey: voNamePrefixKeys.all, queryFn: ({ signal }) => fetchVoNamePrefixes(signal) });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<VoNamePrefix | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: voNamePrefixKeys.all });
  const remove = useMutation({
    mutationFn: (row: VoNamePrefix) => deleteVoNamePrefix(row),
    onSuccess: (_nothing, row) => {
      setRemoving(null);
      reload();
      notifySuccess(t('adminSections.voPrefixes.removed'), row.prefix);
    },
    onError: (error) => {
      setRemoving(null);
      reportWriteError(error, t('adminSections.voPrefixes.cannotRemove'), t, { onConflict: reload });
    },
  });

  const columns = useMemo(
    (): DataTableColumn<VoNamePrefix>[] => [
      {
        id: 'prefix',
        header: t('adminSections.voPrefixes.prefix'),
        cell: (row) => (
          <Text span inherit fw={600} style={{ wordBreak: 'break-all' }}>
            {row.prefix}
          </Text>
        ),
        sortValue: (row) => row.prefix.toLowerCase(),
        rowHeader: true,
        hideable: false,
      },
      { id: 'note', header: t('adminSections.voPrefixes.note'), cell: (row) => row.note, sortValue: (row) => row.note },
      actionsColumn<VoNamePrefix>(t('adminSections.voPrefixes.actions'), [
        {
          label: t('adminSections.voPrefixes.remove'),
          name: (row) => t('adminSections.voPrefixes.removePrefix', { prefix: row.prefix }),
          onClick: setRemoving,
        },
      ]),
    ],
    [t],
  );
  const centreColumns = useMemo(
    (): DataTableColumn<CentreAbbreviation>[] => [
      {
        id: 'abbreviation',
        header: t('adminSections.voPrefixes.abbreviation'),
        cell: (centre) => (
          <Text span inherit fw={600}>
            {centre.abbreviation}
          </Text>
        ),
        sortValue: (centre) => centre.abbreviation.toLowerCase(),
        rowHeader: true,
        hideable: false,
      },
      {
        id: 'institution',
        header: t('adminSections.voPrefixes.institution'),
        cell: (centre) => centre.name,
        sortValue: (centre) => centre.name,
      },
    ],
    [t],
  );

  if (!prefixes.isSuccess) return <QueryFallback query={prefixes} title={t('adminSections.voPrefixes.cannotLoad')} />;
  return (
    <Stack gap="xl">
      <div>
        <Group justify="flex-end" mb="sm">
          <Button onClick={() => setAdding(true)}>{t('adminSections.voPrefixes.add')}</Button>
        </Group>
        <DataTable
          id="vo-name-prefixes"
          caption={t('adminSections.voPrefixes.caption')}
          columns={columns}
          rows={prefixes.data.items}
          getRowId={(row) => row.id}
          initialSort={{ id: 'prefix', desc: false }}
          empty={{ title: t('adminSections.voPrefixes.empty'), hint: t('adminSections.voPrefixes.emptyHint') }}
        />
      </div>
      <section aria-labelledby="vo-prefix-centres-heading">
        <Title order={3} id="vo-prefix-centres-heading" mb="xs">
          {t('adminSections.voPrefixes.centresCaption')}
        </Title>
        <Text mb="sm">{t('adminSections.voPrefixes.centresHint')}</Text>
        <DataTable
          id="vo-prefix-centres"
          caption={t('adminSections.voPrefixes.centresCaption')}
          columns={centreColumns}
          rows={prefixes.data.centres}
          getRowId={(centre) => centre.institutionId}
          initialSort={{ id: 'abbreviation', desc: false }}
          empty={{ title: t('adminSections.voPrefixes.noCentres') }}
        />
      </section>
      <VoNamePrefixModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('adminSections.voPrefixes.removeTitle')}
        text={removing ? t('adminSections.voPrefixes.removeText', { prefix: removing.prefix }) : ''}
        confirmLabel={t('adminSections.voPrefixes.remove')}
        onConfirm={() => removing && remove.mutate(removing)}
        onCancel={() => setRemoving(null)}
        busy={remove.isPending}
        danger
      />
    </Stack>
  );
};
