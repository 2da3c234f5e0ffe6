import { Button, Group, type ButtonProps } from '@mantine/core';
import type { DataTableColumn } from './types';

/** One button of a row's "Actions" cell. */
export interface RowAction<T> {
  /** The button's text. */
  label: string;
  /** Its accessible name, which names the row ("Remove nubes"). */
  name: (row: T) => string;
  onClick: (row: T) => void;
  /** `default` unless the action is the row's main one (`light`). */
  variant?: 'default' | 'light';
  color?: ButtonProps['color'];
  size?: 'compact-sm' | 'xs';
  loading?: (row: T) => boolean;
  /** Only on the rows where it applies (a live token's "Revoke"). */
  shown?: (row: T) => boolean;
}

/**
 * The "Actions" column of a table: a compact button per action, side by side; never hidden by the
 * column chooser. Two or more buttons stand in a group that wraps on a phone unless `nowrap`.
 */
export const actionsColumn = <T,>(
  header: string,
  actions: readonly RowAction<T>[],
  { nowrap = false }: { nowrap?: boolean } = {},
): DataTableColumn<T> => ({
  id: 'actions',
  header,
  hideable: false,
  cell: (row) => {
    const buttons = actions
      .filter((action) => action.shown?.(row) ?? true)
      .map((action) => (
        <Button
          key={action.label}
          size={action.size ?? 'compact-sm'}
          variant={action.variant ?? 'default'}
          color={action.color}
          loading={action.loading?.(row)}
          aria-label={action.name(row)}
          onClick={() => action.onClick(row)}
        >
          {action.label}
        </Button>
      ));
    if (buttons.length === 0) return null;
    if (buttons.length === 1) return buttons[0];
    return (
      <Group gap={6} wrap={nowrap ? 'nowrap' : 'wrap'}>
        {buttons}
      </Group>
    );
  },
});
