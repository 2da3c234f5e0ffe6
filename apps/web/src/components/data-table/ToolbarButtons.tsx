import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableAction, ToolbarItems } from './types';

/** An action's button look: the list's main step filled, a removing one red, the rest default. */
const buttonLook = (action: DataTableAction) =>
  action.emphasis === 'primary'
    ? { variant: 'filled' }
    : action.emphasis === 'danger'
      ? { variant: 'outline', color: 'var(--nubes-color-danger)' }
      : { variant: 'default' };

/**
 * A desktop's toolbar: the view of a list as CSV and as JSON, two download links beside the list's
 * count, and the list's own actions as buttons after them. No group of their own: they flow in the
 * toolbar's row with Columns, so where long (German) labels wrap, Columns follows the last one
 * rather than taking a line alone.
 */
export const ToolbarButtons = ({ exports, actions = [] }: ToolbarItems) => {
  const { t } = useTranslation();
  return (
    <>
      {exports && (
        <>
          <Button component="a" href={exports.csv} download variant="default">
            {t('dataTable.exportCsv')}
          </Button>
          <Button component="a" href={exports.json} download variant="default">
            {t('dataTable.exportJson')}
          </Button>
        </>
      )}
      {actions.map((action) =>
        action.href && !action.disabled ? (
          <Button key={action.key} component="a" href={action.href} download {...buttonLook(action)}>
            {action.label}
          </Button>
        ) : (
          <Button key={action.key} disabled={action.disabled} onClick={action.onClick} {...buttonLook(action)}>
            {action.label}
          </Button>
        ),
      )}
    </>
  );
};
