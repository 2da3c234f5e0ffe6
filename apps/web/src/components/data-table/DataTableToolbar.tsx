import { Group, Loader, Text } from '@mantine/core';
import type { RowData } from '@tanstack/react-table';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTableCount } from './DataTableCount';
import type { DataTableExports } from './exports';
import { ToolbarButtons } from './ToolbarButtons';
import type { DataTableAction, DataTableMore } from './types';
import type { DataTableState } from './useDataTableState';

// Only logged-in people choose columns; the menu's code loads when the first of them needs it.
const ColumnChooser = lazy(() => import('./ColumnChooser').then((module) => ({ default: module.ColumnChooser })));

// A phone folds the exports and the list's actions into one menu; a desktop never loads its code.
const ToolbarMenu = lazy(() => import('./ToolbarMenu').then((module) => ({ default: module.ToolbarMenu })));

interface ToolbarProps<T extends RowData> {
  state: DataTableState<T>;
  phone: boolean;
  /** The count line shows (the table has rows and the caller wants it). */
  counted: boolean;
  countLabel?: (count: number) => string;
  more?: DataTableMore;
  busy: boolean;
  exports?: DataTableExports;
  actions?: readonly DataTableAction[];
  toolbar?: ReactNode;
  showsChooser: boolean;
}

/** The line above the rows: the count, "Updating…", the exports and actions, the column chooser. */
export const DataTableToolbar = <T extends RowData>({
  state,
  phone,
  counted,
  countLabel,
  more,
  busy,
  exports,
  actions,
  toolbar,
  showsChooser,
}: ToolbarProps<T>) => {
  const { t } = useTranslation();
  const { table, columnsById } = state;
  const hideable = table.getAllLeafColumns().filter((column) => column.getCanHide());
  return (
    <Group
      justify="space-between"
      align="center"
      gap="sm"
      className="data-table-toolbar"
      mod={{ 'with-chooser': showsChooser }}
    >
      <Group gap="sm" align="center">
        {/* An empty list says so in its empty state; a count of zero above it adds nothing. */}
        {counted && (
          <DataTableCount
            total={state.total}
            page={state.page}
            pageSize={state.pageSize}
            pageCount={state.pageCount}
            totalExact={state.totalExact}
            totalEstimated={state.totalEstimated}
            countLabel={countLabel}
            more={more}
          />
        )}
        {busy && (
          <Group gap={6} role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm">{t('dataTable.updating')}</Text>
          </Group>
        )}
      </Group>
      <Group gap="sm">
        {(exports || (actions && actions.length > 0)) &&
          (phone ? (
            <Suspense fallback={null}>
              <ToolbarMenu exports={exports} actions={actions} />
            </Suspense>
          ) : (
            <ToolbarButtons exports={exports} actions={actions} />
          ))}
        {toolbar}
        {showsChooser && (
          <Suspense fallback={null}>
            <ColumnChooser
              columns={hideable.map((column) => ({
                id: column.id,
                label: columnsById.get(column.id)?.header ?? column.id,
                visible: column.getIsVisible(),
              }))}
              onToggle={(columnId, visible) => table.getColumn(columnId)?.toggleVisibility(visible)}
              onShowAll={() => state.setHidden([])}
            />
          </Suspense>
        )}
      </Group>
    </Group>
  );
};
