import { Badge, Stack, Tabs } from '@mantine/core';
import { PORTFOLIO_TABS, type PortfolioTab } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { DEFAULT_TAB, SERVICE_LIST_VIEWS } from '../features/portfolio/listQuery';
import { NewApplicationButton } from '../features/portfolio/NewApplicationButton';
import { ServiceList } from '../features/portfolio/ServiceList';
import { StartSelectedReviews } from '../features/reviews/StartSelectedReviews';
import { useTabCounts } from '../features/portfolio/tabCounts';
import { useUrlView } from '../components/list-screen/useListScreen';
import { usePermission } from '../hooks/usePermission';
import { NoAccess } from '../components/NoAccess';
import { useSelectedTabInView } from '../hooks/useSelectedTabInView';
import type { PageProps } from './PageProps';

const isTab = (value: string | null): value is PortfolioTab =>
  value !== null && (PORTFOLIO_TABS as readonly string[]).includes(value);

/**
 * Service Portfolio (/sc/service-portfolio): the six tabs of docs/domain.md#service-workflow, each a searchable,
 * filterable, sortable and paged list. Tab, search, filters, sort and page live in the URL; each tab
 * shows how many services it holds under the search and filters.
 */
export const ServicePortfolioPage = ({ routeId }: PageProps) => {
  const { t, i18n } = useTranslation();
  const mayList = usePermission('service.list');
  const url = useUrlView(SERVICE_LIST_VIEWS.portfolio);
  const { view: filters, setView: setFilters } = url;
  const counts = useTabCounts(filters, mayList);
  const active = filters.tab ?? DEFAULT_TAB;
  const tabList = useSelectedTabInView(active);
  // The server answers 403 to anyone else; say so instead of showing an empty list.
  if (!mayList) return <NoAccess screen={routeId} />;
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.servicePortfolio')} actions={<NewApplicationButton />} />
      <Tabs
        value={active}
        onChange={(value) => {
          if (isTab(value) && value !== active)
            setFilters(SERVICE_LIST_VIEWS.portfolio.change(filters, { tab: value }));
        }}
      >
        <Tabs.List ref={tabList} aria-label={t('portfolio.tabsLabel')}>
          {PORTFOLIO_TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              // The tab keeps its name; screen readers hear the count as its description.
              aria-describedby={counts ? `portfolio-tab-count-${tab}` : undefined}
              rightSection={
                counts && (
                  <Badge variant="light" color="gray" size="sm" aria-hidden="true">
                    {number.format(counts[tab])}
                    <span id={`portfolio-tab-count-${tab}`} hidden>
                      {t('savedViews.tabCount', { number: number.format(counts[tab]) })}
                    </span>
                  </Badge>
                )
              }
            >
              {t(`portfolioTabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PORTFOLIO_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="lg">
            {tab === active && (
              <ServiceList
                startReviews={StartSelectedReviews}
                source="portfolio"
                url={url}
                label={t(`portfolioTabs.${tab}`)}
                exportable
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
};
