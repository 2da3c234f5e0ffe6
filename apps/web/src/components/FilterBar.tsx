import { Button, Group, Stack } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhone } from './usePhone';

export interface FilterBarProps {
  /** Names the search landmark ("Search and filters"). */
  label: string;
  /** The list's search box: always in view, on a phone too. */
  search?: ReactNode;
  /** The list's filters (selects, pickers), in the order they are read. */
  children?: ReactNode;
  /** How many of the filters (not the search) are set: the phone's button counts them. */
  active?: number;
  /** Given while a search or filter is set: offers "Reset search and filters". */
  onReset?: () => void;
}

/**
 * The filter bar of every list: a search landmark with the search box, the filters and, once
 * something is set, a reset. On a desktop all stand in a row. On a phone the results come first:
 * the filters wait behind "Filters (n)", which opens them under it.
 */
export const FilterBar = ({ label, search, children, active = 0, onReset }: FilterBarProps) => {
  const { t } = useTranslation();
  const phone = usePhone();
  const [open, setOpen] = useState(false);
  const filtersId = useId();
  const reset = onReset && (
    <Button variant="default" onClick={onReset}>
      {t('portfolio.resetFilters')}
    </Button>
  );

  if (phone && children)
    return (
      <Stack role="search" aria-label={label} gap="sm">
        {search}
        <Group gap="sm">
          <Button
            variant="default"
            aria-expanded={open}
            aria-controls={filtersId}
            onClick={() => setOpen((shown) => !shown)}
          >
            {active > 0 ? t('dataTable.filtersSet', { count: active }) : t('dataTable.filters')}
          </Button>
          {reset}
        </Group>
        {/* A plain element carries `hidden`: Mantine's Stack sets a display that would override it. */}
        <div id={filtersId} hidden={!open}>
          <Stack gap="sm">{children}</Stack>
        </div>
      </Stack>
    );

  return (
    <Group role="search" aria-label={label} align="flex-end" gap="md" wrap="wrap">
      {search}
      {children}
      {reset}
    </Group>
  );
};
