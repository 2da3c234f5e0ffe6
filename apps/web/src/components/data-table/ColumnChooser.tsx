import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ColumnChoice {
  id: string;
  label: string;
  visible: boolean;
}

export interface ColumnChooserProps {
  columns: readonly ColumnChoice[];
  onToggle: (columnId: string, visible: boolean) => void;
  onShowAll: () => void;
}

/** A menu of checkboxes, one per column that may be hidden; the last visible one stays. */
export const ColumnChooser = ({ columns, onToggle, onShowAll }: ColumnChooserProps) => {
  const { t } = useTranslation();
  const visibleCount = columns.filter((column) => column.visible).length;
  return (
    // No fade: axe measures the contrast of a half-transparent menu (docs/adr/0006).
    <Menu
      position="bottom-end"
      closeOnItemClick={false}
      transitionProps={{ duration: 0 }}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <Button variant="default">{t('dataTable.columns')}</Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('dataTable.columnsLabel')}>
        <Menu.Label>{t('dataTable.columnsLabel')}</Menu.Label>
        {columns.map((column) => (
          <Menu.CheckboxItem
            key={column.id}
            checked={column.visible}
            disabled={column.visible && visibleCount === 1}
            onChange={(checked) => onToggle(column.id, checked)}
          >
            {column.label}
          </Menu.CheckboxItem>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onShowAll} disabled={visibleCount === columns.length}>
          {t('dataTable.showAllColumns')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
