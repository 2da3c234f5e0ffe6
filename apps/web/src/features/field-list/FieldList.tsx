import { Button, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import {
  FIELD_GROUPS,
  FIELDS_BY_KEY,
  LISTABLE_FIELDS,
  type ClearFieldRequest,
  type FieldListResponse,
  type FieldListRow,
} from '@nubes/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listExports, type DataTableColumn } from '../../components/data-table';
import { ListScreen } from '../../components/list-screen/ListScreen';
import { useListScreen } from '../../components/list-screen/useListScreen';
import { notifySuccess } from '../../api/notify';
import { compareForConflict } from '../../forms/choices/saveConflict';
import { SaveConflictNotice } from '../../forms/choices/SaveConflictNotice';
import { useConflictChoices } from '../../forms/choices/useSaveConflict';
import { ServiceStateBadge } from '../../components/ServiceStateBadge';
import { SearchBox } from '../../components/SearchBox';
import { listKeys } from '../../api/services';
import { BulkAction } from '../../components/BulkAction';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { displayValue } from '../../components/fieldDisplay';
import { localized } from '../../i18n/localized';
import { reportWriteError } from '../../api/writes';
import { clearField, fetchFieldList, fieldListKeys } from './api';
import { fieldListView, type FieldListView } from './fieldListQuery';
import { ServiceLink } from '../../components/ServiceLink';
import { ProviderAbbreviation } from '../../components/serviceColumns';

export interface FieldListProps {
  /** The caller holds service.clearField (the server checks it again, per service too). */
  mayClear: boolean;
}

/** A clear waiting for its confirmation: what is sent, and how many services it names. */
interface PendingClear {
  request: ClearFieldRequest;
  count: number;
  /** Listed services that keep their value (retired ones). */
  kept: boolean;
  done?: () => void;
  /** The selected rows as listed: a 409 compares them with the list as it is now. */
  rows?: readonly FieldListRow[];
}

/** No choice to record in a form: the choices themselves say which services are cleared. */
const noForm = () => undefined;

const columnsFor = (
  t: TFunction,
  language: string,
  field: string,
  refs: FieldListResponse['refs'] | undefined,
): DataTableColumn<FieldListRow>[] => {
  const definition = FIELDS_BY_KEY.get(field)!;
  return [
    {
      id: 'serviceId',
      header: t('portfolio.columns.serviceId'),
      cell: (row) => row.serviceId,
      sortValue: (row) => row.serviceId,
      nowrap: true,
    },
    {
      id: 'name',
      header: t('portfolio.columns.name'),
      cell: (row) => <ServiceLink id={row.id}>{row.name}</ServiceLink>,
      sortValue: (row) => row.name,
      hideable: false,
    },
    {
      id: 'provider',
      header: t('portfolio.columns.provider'),
      cell: (row) => <ProviderAbbreviation provider={row.providerInstitution} />,
      sortValue: (row) => row.providerInstitution?.abbreviation ?? null,
    },
    {
      id: 'state',
      header: t('portfolio.columns.state'),
      cell: (row) => <ServiceStateBadge state={row.state} />,
      sortValue: (row) => row.state,
    },
    {
      id: 'value',
      header: `${t('serviceFieldList.value')}: ${localized(definition.label, language)}`,
      cell: (row) => (
        <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {displayValue(definition, row.value, { t, language, refs })}
        </Text>
      ),
      hideable: false,
    },
  ];
};

/**
 * The Service Field List (docs/adr/0030-service-field-list.md): a field of the catalogue, then the
 * services that hold a value in it, searched, sorted and paged by the server. Portfolio managers
 * clear an optional field on the selected services or on all listed ones, after a confirmation
 * naming the count; the server refuses (409) when the list changed since.
 */
export const FieldList = ({ mayClear }: FieldListProps) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingClear | null>(null);
  const [pendingNames, setPendingNames] = useState<ReadonlyMap<string, string>>(new Map());
  const screen = useListScreen<FieldListView, FieldListResponse>(fieldListView, fieldListKeys.page);
  const { view, setView, list, path } = screen;
  const field = view.field;
  // An answer kept from another field while this one loads is not shown as this field's.
  const data = list.data?.field === field ? list.data : undefined;

  const fieldOptions = useMemo(
    () => [
      { value: '', label: t('serviceFieldList.chooseField'), disabled: true },
      ...FIELD_GROUPS.map((group) => ({
        group: t(`fieldGroups.${group}`),
        items: LISTABLE_FIELDS.filter((f) => f.group === group).map((f) => ({
          value: f.key,
          label: localized(f.label, language),
        })),
      })).filter((group) => group.items.length > 0),
    ],
    [t, language],
  );
  const columns = useMemo(
    () => (field ? columnsFor(t, language, field, data?.refs) : []),
    [t, language, field, data?.refs],
  );

  // A clear of selected services that met someone else's change keeps the selection, per service
  // (ADR 0085): a value only its version moved under is cleared again; a value changed meanwhile
  // is shown beside the clear, to keep theirs or clear it; a value gone meanwhile is left out.
  const conflict = useConflictChoices(noForm);
  const [retry, setRetry] = useState<FieldListRow[]>([]);
  const meetConflict = async (listed: readonly FieldListRow[]) => {
    if (!path) return;
    const now = await queryClient
      .fetchQuery({ queryKey: fieldListKeys.page(path), queryFn: () => fetchFieldList(path), staleTime: 0 })
      .catch(() => null);
    if (!now) return;
    const current = listed.map((row) => now.items.find((candidate) => candidate.id === row.id));
    const { rows, taken } = compareForConflict(
      listed.map((row) => row.id),
      Object.fromEntries(listed.map((row) => [row.id, row.value])),
      Object.fromEntries(listed.map((row) => [row.id, null])),
      Object.fromEntries(listed.map((row, index) => [row.id, current[index]?.clearable ? current[index].value : null])),
    );
    setRetry(current.filter((row): row is FieldListRow => row?.clearable === true));
    conflict.start(rows, taken);
  };
  // A service asked about is cleared only when "Keep mine" (the clear) was chosen for it.
  const retryTargets = retry.filter(
    (row) => !conflict.rows.some((asked) => asked.key === row.id) || conflict.choices[row.id] === 'mine',
  );
  const listedName = (id: string) => retry.find((row) => row.id === id)?.name ?? pendingNames.get(id) ?? id;

  const clearing = useMutation({
    mutationFn: (request: ClearFieldRequest) => clearField(field!, request),
    onSuccess: async (result) => {
      const label = localized(FIELDS_BY_KEY.get(field!)!.label, language);
      notifySuccess(
        t('serviceFieldList.cleared'),
        t('serviceFieldList.clearedText', { count: result.cleared, field: label }),
      );
      pending?.done?.();
      setPending(null);
      conflict.clear();
      void queryClient.invalidateQueries({ queryKey: listKeys.all });
      await queryClient.invalidateQueries({ queryKey: fieldListKeys.all });
    },
    onError: (failure) => {
      const listed = pending?.rows;
      setPending(null);
      // A 409 means the list changed: the list as it is now, and for a selection the services
      // beside what was to be cleared.
      reportWriteError(failure, t('serviceFieldList.clearFailed'), t, {
        onConflict: () => {
          if (listed) {
            setPendingNames(new Map(listed.map((row) => [row.id, row.name])));
            void meetConflict(listed);
          } else void queryClient.invalidateQueries({ queryKey: fieldListKeys.all });
        },
      });
    },
  });

  const definition = field ? FIELDS_BY_KEY.get(field) : undefined;
  const fieldLabel = definition ? localized(definition.label, language) : '';
  const canClear = mayClear && data?.fieldClearable === true;
  const total = data?.total ?? 0;

  return (
    <ListScreen
      screen={screen}
      id="service-field-list"
      label={fieldLabel}
      caption={(page, pages) => t('serviceFieldList.caption', { field: fieldLabel, page, pages })}
      filters={
        <Group align="flex-start" gap="md" wrap="wrap">
          <NativeSelect
            label={t('serviceFieldList.field')}
            description={
              definition
                ? t(
                    data?.fieldClearable === false
                      ? 'serviceFieldList.notClearableHint'
                      : 'serviceFieldList.clearableHint',
                  )
                : undefined
            }
            data={fieldOptions}
            value={field ?? ''}
            onChange={(event) => setView({ ...view, field: event.currentTarget.value || null, page: 1 })}
            w={{ base: '100%', sm: 360 }}
          />
          {field && (
            <SearchBox
              label={t('portfolio.search')}
              description={t('portfolio.searchDescription')}
              value={view.q}
              onCommit={(q) => setView({ ...view, q, page: 1 }, { replace: true })}
            />
          )}
        </Group>
      }
      savedViews="fieldList"
      notice={
        conflict.open && definition ? (
          <Stack gap="sm">
            <SaveConflictNotice
              conflict={conflict}
              label={listedName}
              intro={t('serviceFieldList.conflictText')}
              text={(_id, value) =>
                displayValue(definition, value, { t, language, refs: data?.refs }) || t('serviceView.emptyValue')
              }
            />
            <Group gap="sm">
              <Button
                color="red.9"
                disabled={conflict.undecided > 0 || retryTargets.length === 0}
                onClick={() =>
                  setPending({
                    request: {
                      scope: 'selected',
                      services: retryTargets.map((row) => ({ id: row.id, version: row.version })),
                    },
                    count: retryTargets.length,
                    kept: false,
                    rows: retryTargets,
                  })
                }
              >
                {t('serviceFieldList.clearAgain', { count: retryTargets.length })}
              </Button>
              <Button variant="default" onClick={conflict.clear}>
                {t('serviceFieldList.dropClear')}
              </Button>
            </Group>
          </Stack>
        ) : undefined
      }
      idle={
        <Paper withBorder p="md">
          <Text>{t('serviceFieldList.choosePrompt')}</Text>
        </Paper>
      }
      data={data}
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.name}
      empty={{ title: t('serviceFieldList.noneTitle'), hint: t('serviceFieldList.noneHint') }}
      emptyFiltered={{ title: t('serviceFieldList.filteredTitle'), hint: t('serviceFieldList.filteredHint') }}
      pastEnd
      countLabel={(count) => t('serviceFieldList.total', { count })}
      actions={[
        ...(total > 0 && path ? [{ key: 'csv', label: t('dataTable.exportCsv'), href: listExports(path).csv }] : []),
        ...(canClear && data.clearableTotal > 0
          ? [
              {
                key: 'clear',
                label: t('serviceFieldList.clearAll'),
                emphasis: 'danger' as const,
                onClick: () =>
                  setPending({
                    request: {
                      scope: 'all',
                      ...(view.q ? { q: view.q } : {}),
                      count: data.clearableTotal,
                      listToken: data.listToken,
                    },
                    count: data.clearableTotal,
                    kept: data.total > data.clearableTotal,
                  }),
              },
            ]
          : []),
      ]}
      bulkActions={
        canClear
          ? (selected, clearSelection) => {
              const targets = selected.filter((row) => row.clearable);
              return (
                <BulkAction
                  color="red.9"
                  label={t('serviceFieldList.clearSelected')}
                  count={targets.length}
                  none={t('serviceFieldList.nothingToClear')}
                  onClick={() =>
                    setPending({
                      request: {
                        scope: 'selected',
                        services: targets.map((row) => ({ id: row.id, version: row.version })),
                      },
                      count: targets.length,
                      kept: targets.length < selected.length,
                      done: clearSelection,
                      rows: targets,
                    })
                  }
                />
              );
            }
          : undefined
      }
    >
      <ConfirmDialog
        opened={pending !== null}
        title={t('serviceFieldList.confirmTitle')}
        text={
          pending
            ? [
                t('serviceFieldList.confirmText', { count: pending.count, field: fieldLabel }),
                pending.kept ? t('serviceFieldList.retiredKept') : '',
              ]
                .filter(Boolean)
                .join(' ')
            : ''
        }
        confirmLabel={t('serviceFieldList.confirm', { count: pending?.count ?? 0 })}
        onConfirm={() => pending && clearing.mutate(pending.request)}
        onCancel={() => setPending(null)}
        busy={clearing.isPending}
        danger
      />
    </ListScreen>
  );
};
