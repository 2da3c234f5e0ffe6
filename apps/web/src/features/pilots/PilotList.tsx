import type { PilotList as PilotListPage } from '@nubes/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../../components/list-screen/ListScreen';
import { useListScreen } from '../../components/list-screen/useListScreen';
import { pilotKeys } from './api';
import { pilotColumns } from './pilotColumns';
import { PilotFilters } from './PilotFilters';
import { pilotListView, type PilotListView } from './pilotListView';

/** Pilots ending (docs/adr/0121-pilot-services.md): the pilots in the catalogue by end, with CSV and JSON. */
export const PilotList = () => {
  const { t } = useTranslation();
  const screen = useListScreen<PilotListView, PilotListPage>(pilotListView, pilotKeys.list);
  const columns = useMemo(() => pilotColumns(t), [t]);
  return (
    <ListScreen
      screen={screen}
      id="pilots-ending"
      label={t('routes.pilotsEnding')}
      filters={<PilotFilters url={screen} />}
      exports
      columns={columns}
      getRowId={(row) => row.id}
      rowLabel={(row) => row.name}
      empty={{ title: t('pilots.list.empty') }}
      emptyFiltered={{ title: t('pilots.list.emptyFiltered') }}
      countLabel={(count) => t('pilots.list.total', { count })}
    />
  );
};
