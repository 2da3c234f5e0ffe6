import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FilterBarProps {
  /** Names the search landmark ("Search and filters"). */
  label: string;
  /** The list's search box and selects, in the order they are read. */
  children: ReactNode;
  /** Given while a search or filter is set: offers "Reset search and filters". */
  onReset?: () => void;
}

/** The filter bar of every list: a search landmark whose inputs wrap on a phone, and a reset once something is set. */
export const FilterBar = ({ label, children, onReset }: FilterBarProps) => {
  const { t } = useTranslation();
  return (
    <Group role="search" aria-label={label} align="flex-end" gap="md" wrap="wrap">
      {children}
      {onReset && (
        <Button variant="default" onClick={onReset}>
          {t('portfolio.resetFilters')}
        </Button>
      )}
    </Group>
  );
};
