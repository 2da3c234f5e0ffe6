import { Anchor, Stack, Text, Title } from '@mantine/core';
import { formatDate, routePath, type PublicService } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../components/data-table';
import type { DataTable as DataTableComponent } from '../components/data-table/DataTable';
import { ProviderWithLogo } from '../components/ProviderWithLogo';
import { ServiceStateBadge } from '../components/ServiceStateBadge';
import { ServiceStatusNotice } from '../components/ServiceStatusNotice';
import { PortfolioDowntimeBadge } from '../features/downtimes/PortfolioDowntimeBadge';
import { fetchPublicPortfolio, publicPortfolioKey } from '../features/portfolio/publicApi';
import { PublicPortfolioFilters } from '../features/portfolio/PublicPortfolioFilters';
import {
  filterPublicServices,
  readPublicFilter,
  writePublicFilter,
  type PublicPortfolioFilter,
} from '../features/portfolio/publicPortfolioFilter';
import { Link, useSearchParams } from '../routing';
import '../features/portfolio/public-portfolio.css';

/**
 * The data table loads as a chunk of its own, requested together with this page (not after it),
 * so an outsider's first visit stays within its budget while the portfolio is fetched in parallel
 * (docs/adr/0018).
 */
const dataTableModule = import('../components/data-table/DataTable');
// lazy() forgets the component's row type parameter; it is the same component.
const DataTable = lazy(() =>
  dataTableModule.then((module) => ({ default: module.DataTable })),
) as unknown as typeof DataTableComponent;

/**
 * The table's place while the portfolio or the table's code is on its way: about as high as the
 * count line and ten rows, so the headings and the filters above stay where they are and what is
 * below starts out of view (a layout shift under 0.1, docs/adr/0086-public-pages-audit.md).
 */
const TableSkeleton = () => {
  const { t } = useTranslation();
  return (
    <div role="status" className="public-table-skeleton">
      <span className="visually-hidden">{t('publicPortfolio.loading')}</span>
    </div>
  );
};

interface PortfolioTableProps {
  id: string;
  caption: string;
  services: readonly PublicService[];
  empty: string;
  /** Current services show since when they are online; past ones from when till when. */
  period: 'since' | 'fromTill';
}

const PortfolioTable = ({ id, caption, services, empty, period }: PortfolioTableProps) => {
  const { t } = useTranslation();
  const columns = useMemo(
    (): DataTableColumn<PublicService>[] => [
      {
        id: 'name',
        header: t('publicPortfolio.name'),
        cell: (service) => (
          <>
            <Anchor component={Link} to={routePath('publicService', { serviceId: service.serviceId })} fw={600}>
              {service.name}
            </Anchor>
            {service.shortDescription && <p className="public-service-summary">{service.shortDescription}</p>}
            {service.downtime && <PortfolioDowntimeBadge downtime={service.downtime} />}
          </>
        ),
        sortValue: (service) => service.name,
      },
      {
        id: 'provider',
        header: t('publicPortfolio.provider'),
        cell: (service) => <ProviderWithLogo name={service.provider} logo={service.providerLogo} />,
        sortValue: (service) => service.provider,
      },
      {
        id: 'online',
        header: t(period === 'since' ? 'publicPortfolio.onlineSince' : 'publicPortfolio.onlineFromTill'),
        cell: (service) =>
          period === 'since'
            ? formatDate(service.onlineSince)
            : t('publicPortfolio.fromTill', {
                from: formatDate(service.onlineSince),
                till: formatDate(service.onlineUntil),
              }),
        sortValue: (service) => (period === 'since' ? service.onlineSince : service.onlineUntil),
        sortDescFirst: true,
        nowrap: true,
      },
      {
        id: 'state',
        header: t('publicPortfolio.status'),
        cell: (service) => (
          <>
            <ServiceStateBadge state={service.state} />
            <ServiceStatusNotice notice={service.statusNotice} />
          </>
        ),
        sortValue: (service) => t(`serviceStates.${service.state}`),
      },
    ],
    [t, period],
  );
  return (
    <Suspense fallback={<TableSkeleton />}>
      <DataTable
        id={id}
        caption={caption}
        columns={columns}
        rows={services}
        getRowId={(service) => service.serviceId}
        empty={{ title: empty }}
        countLabel={(count) => t('publicPortfolio.total', { count })}
        columnChooser={false}
        scroll="page"
      />
    </Suspense>
  );
};

interface PortfolioSectionProps extends Omit<PortfolioTableProps, 'services'> {
  heading: string;
  /** Undefined until the portfolio is there: a skeleton of the table's height holds its place. */
  services: readonly PublicService[] | undefined;
}

/** One of the page's two tables under its heading. */
const PortfolioSection = ({ heading, services, ...table }: PortfolioSectionProps) => (
  <section aria-labelledby={table.id}>
    <Title order={2} id={table.id} mb="sm">
      {heading}
    </Title>
    {services ? <PortfolioTable {...table} services={services} /> : <TableSkeleton />}
  </section>
);

/** The page's two tables: what is online now (since when), and what was (from when till when). */
const SECTIONS = [
  {
    part: 'current',
    heading: 'publicPortfolio.currentHeading',
    caption: 'publicPortfolio.currentCaption',
    empty: 'publicPortfolio.noCurrent',
    period: 'since',
  },
  {
    part: 'past',
    heading: 'publicPortfolio.pastHeading',
    caption: 'publicPortfolio.pastCaption',
    empty: 'publicPortfolio.noPast',
    period: 'fromTill',
  },
] as const;

/**
 * Public Service Portfolio (/sc/public-service-portfolio, no login): what is offered now and what
 * was offered before, in the portal's data table, paged, with a search and filters by provider and
 * status in the URL over the one cached answer; each name leads to the service's public page.
 * docs/adr/0018 and docs/adr/0045-public-portfolio-page.md say how it stays light.
 */
export const PublicServicePortfolioPage = () => {
  const { t } = useTranslation();
  const portfolio = useQuery({
    queryKey: publicPortfolioKey,
    queryFn: ({ signal }) => fetchPublicPortfolio(signal),
    staleTime: 60_000,
  });
  const [params, setParams] = useSearchParams();
  const filter = readPublicFilter(params);
  const setFilter = (next: PublicPortfolioFilter) => setParams(writePublicFilter(next), { replace: true });
  const filtered = Boolean(filter.q || filter.provider || filter.state);
  const data = portfolio.data;
  const providers = data
    ? [...new Set([...data.current, ...data.past].map((service) => service.provider))].filter(Boolean).sort()
    : [];

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.publicServicePortfolio')}</Title>
        <Text mt="xs">{t('publicPortfolio.intro')}</Text>
      </div>
      <PublicPortfolioFilters filter={filter} providers={providers} onChange={setFilter} />
      {portfolio.isError ? (
        <Text role="alert" fw={600}>
          {t('publicPortfolio.loadFailed')}
        </Text>
      ) : (
        SECTIONS.map((section) => (
          <PortfolioSection
            key={section.part}
            id={`public-${section.part}`}
            heading={t(section.heading)}
            caption={t(section.caption)}
            services={data && filterPublicServices(data[section.part], filter)}
            empty={filtered ? t('publicService.noMatch') : t(section.empty)}
            period={section.period}
          />
        ))
      )}
    </Stack>
  );
};
