import { Stack, Tabs } from '@mantine/core';
import { PORTFOLIO_TABS, type PortfolioTab } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { ListPageHeader } from '../features/portfolio/ListPageHeader';
import { changeFilters, DEFAULT_TAB } from '../features/portfolio/listQuery';
import { NewApplicationButton } from '../features/portfolio/NewApplicationButton';
import { ServiceList } from '../features/portfolio/ServiceList';
import { useListFilters } from '../features/portfolio/useListFilters';
import { usePermission } from '../features/portfolio/usePermission';
import { NoAccess } from '../components/NoAccess';

const isTab = (value: string | null): value is PortfolioTab =>
  value !== null && (PORTFOLIO_TABS as readonly string[]).includes(value);

/**
 * Service Portfolio (/sc/service-portfolio): the six tabs of docs/domain.md#service-workflow, each a searchable,
 * filterable, sortable and paged list. Tab, search, filters, sort and page live in the URL.
 */
export const ServicePortfolioPage = () => {
  const { t } = useTranslation();
  const mayList = usePermission('service.list');
  const { filters, setFilters } = useListFilters('portfolio');
  // The server answers 403 to anyone else; say so instead of showing an empty list.
  if (!mayList) return <NoAccess />;
  const active = filters.tab ?? DEFAULT_TAB;

  return (
    <Stack gap="lg">
      <ListPageHeader title={t('routes.servicePortfolio')} actions={<NewApplicationButton />} />
      <Tabs
        value={active}
        onChange={(value) => {
          if (isTab(value) && value !== active) setFilters(changeFilters(filters, 'portfolio', { tab: value }));
        }}
      >
        <Tabs.List aria-label={t('portfolio.tabsLabel')}>
          {PORTFOLIO_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`portfolioTabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {PORTFOLIO_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab} pt="lg">
            {tab === active && (
              <ServiceList
                source="portfolio"
                filters={filters}
                setFilters={setFilters}
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
