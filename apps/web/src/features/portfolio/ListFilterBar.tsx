import { useTranslation } from 'react-i18next';
import { ListFilters as Filters } from '../../components/list-screen/ListFilters';
import type { UrlView } from '../../components/list-screen/useListScreen';
import { useInstitutionOptions } from '../../components/list-screen/useInstitutionOptions';
import { KeywordFilter } from './KeywordFilter';
import { statesFor, type ListFilters, type ListSource } from './listQuery';

export interface ListFilterBarProps {
  source: ListSource;
  url: UrlView<ListFilters>;
}

/** Search, state, provider and keyword of one service list; each change starts again on page 1. */
export const ListFilterBar = ({ source, url }: ListFilterBarProps) => {
  const { t } = useTranslation();
  const { view, setView, codec } = url;
  const providers = useInstitutionOptions(view.provider, t('portfolio.allProviders'), 'provider');
  return (
    <Filters
      url={url}
      search={{ label: t('portfolio.search'), description: t('portfolio.searchDescription') }}
      filters={[
        source === 'integration' && {
          name: 'scope',
          label: t('savedViews.integrationScope'),
          data: [
            { value: 'work', label: t('savedViews.integrationScopeWork') },
            { value: 'all', label: t('savedViews.integrationScopeAll') },
          ],
          width: 260,
        },
        {
          name: 'state',
          label: t('portfolio.state'),
          all: t('portfolio.allStates'),
          data: statesFor(source, view.tab, view.scope).map((state) => ({
            value: state,
            label: t(`serviceStates.${state}`),
          })),
          width: 240,
        },
        { name: 'provider', label: t('portfolio.provider'), data: providers, width: 260 },
      ]}
    >
      <KeywordFilter value={view.keyword} onChange={(keyword) => setView(codec.change(view, { keyword }))} />
    </Filters>
  );
};
