import { PILOT_STATES } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListFilters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import type { PilotListView } from './pilotListView';

/** The pilots ending's filters: where a pilot stands today, extended or not. */
export const PilotFilters = ({ url }: { url: UrlView<PilotListView> }) => {
  const { t } = useTranslation();
  return (
    <ListFilters
      url={url}
      filters={[
        {
          name: 'state',
          label: t('pilots.list.filters.state'),
          all: t('pilots.list.filters.allStates'),
          data: PILOT_STATES.map((state) => ({ value: state, label: t(`pilots.states.${state}`) })),
          width: 200,
        },
        {
          name: 'extended',
          label: t('pilots.list.filters.extended'),
          all: t('pilots.list.filters.any'),
          data: [
            { value: 'yes', label: t('pilots.list.filters.yes') },
            { value: 'no', label: t('pilots.list.filters.no') },
          ],
          width: 200,
        },
      ]}
    />
  );
};
