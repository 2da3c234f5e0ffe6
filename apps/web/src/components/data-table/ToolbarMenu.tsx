import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ToolbarItems } from './types';

/**
 * A phone's toolbar: the exports and the list's own actions in one menu, so the count line stays a
 * line (docs/adr/0090-one-row-header-and-compact-toolbars.md). Loaded only on a phone.
 */
export const ToolbarMenu = ({ exports, actions = [] }: ToolbarItems) => {
  const { t } = useTranslation();
  return (
    // No fade: axe measures the contrast of a half-transparent menu (docs/adr/0006).
    <Menu position="bottom-end" transitionProps={{ duration: 0 }} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default">{t('dataTable.actions')}</Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('dataTable.actionsLabel')}>
        {exports && (
          <>
            <Menu.Item component="a" href={exports.csv} download>
              {t('dataTable.exportCsv')}
            </Menu.Item>
            <Menu.Item component="a" href={exports.json} download>
              {t('dataTable.exportJson')}
            </Menu.Item>
          </>
        )}
        {exports && actions.length > 0 && <Menu.Divider />}
        {actions.map((action) => {
          const color = action.emphasis === 'danger' ? 'var(--nubes-color-danger)' : undefined;
          return action.href && !action.disabled ? (
            <Menu.Item key={action.key} component="a" href={action.href} download color={color}>
              {action.label}
            </Menu.Item>
          ) : (
            <Menu.Item key={action.key} disabled={action.disabled} onClick={action.onClick} color={color}>
              {action.label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
};
