import { PILOT_STATES } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import { ViewSelect } from '../../components/list-screen/ViewSelect';
import type { PilotListView } from './pilotListView';

/** The pilots ending's filters: where a pilot stands today, extended or not. */
export const PilotFilters = ({ url }: { url: UrlView<PilotListView> }) => {
  const { t } = useTranslation();
  return (
    <ListFilters url={url}>
      <ViewSelect
        url={url}
        name="state"
        label={t('pilots.list.filters.state')}
        all={t('pilots.list.filters.allStates')}
        data={PILOT_STATES.map((state) => ({ value: state, label: t(`pilots.states.${state}`) }))}
        width={200}
      />
      <ViewSelect
        url={url}
        name="extended"
        label={t('pilots.list.filters.extended')}
        all={t('pilots.list.filters.any')}
        data={[
          { value: 'yes', label: t('pilots.list.filters.yes') },
          { value: 'no', label: t('pilots.list.filters.no') },
        ]}
        width={200}
      />
    </ListFilters>
  );
};
