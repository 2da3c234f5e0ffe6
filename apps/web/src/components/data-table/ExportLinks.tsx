import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DataTableExports } from './exports';

/** The view of a list as CSV and as JSON: two download links beside the list's count. */
export const ExportLinks = ({ exports }: { exports: DataTableExports }) => {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button component="a" href={exports.csv} download variant="default">
        {t('dataTable.exportCsv')}
      </Button>
      <Button component="a" href={exports.json} download variant="default">
        {t('dataTable.exportJson')}
      </Button>
    </Group>
  );
};
