import '../features/portfolio/public-portfolio.css';
import { Stack, Text, Title } from '@mantine/core';
import { formatDate, type PublicService } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ServiceStateBadge } from '../components/ServiceStateBadge';
import { fetchPublicPortfolio, publicPortfolioKey } from '../features/portfolio/publicApi';
import { PageLoader } from './PageLoader';

interface PortfolioTableProps {
  caption: string;
  services: readonly PublicService[];
  empty: string;
  /** Current services show since when they are online; past ones from when till when. */
  period: 'since' | 'fromTill';
}

const PortfolioTable = ({ caption, services, empty, period }: PortfolioTableProps) => {
  const { t } = useTranslation();
  if (services.length === 0) return <Text>{empty}</Text>;
  return (
    <div className="public-table-wrap">
      <table className="public-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('publicPortfolio.name')}</th>
            <th scope="col">{t('publicPortfolio.provider')}</th>
            <th scope="col">
              {t(period === 'since' ? 'publicPortfolio.onlineSince' : 'publicPortfolio.onlineFromTill')}
            </th>
            <th scope="col">{t('publicPortfolio.status')}</th>
          </tr>
        </thead>
        <tbody>
          {services.map((service) => (
            <tr key={service.serviceId}>
              <td className="service-name">{service.name}</td>
              <td>{service.provider}</td>
              <td className="nowrap">
                {period === 'since'
                  ? formatDate(service.onlineSince)
                  : t('publicPortfolio.fromTill', {
                      from: formatDate(service.onlineSince),
                      till: formatDate(service.onlineUntil),
                    })}
              </td>
              <td>
                <ServiceStateBadge state={service.state} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/**
 * Public Service Portfolio (/sc/public-service-portfolio, no login): what is offered now and what
 * was offered before. Kept to plain tables so the first visit of an outsider loads little.
 */
export const PublicServicePortfolioPage = () => {
  const { t } = useTranslation();
  const portfolio = useQuery({
    queryKey: publicPortfolioKey,
    queryFn: ({ signal }) => fetchPublicPortfolio(signal),
    staleTime: 60_000,
  });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('routes.publicServicePortfolio')}</Title>
        <Text mt="xs">{t('publicPortfolio.intro')}</Text>
      </div>
      {portfolio.isPending && <PageLoader />}
      {portfolio.isError && (
        <Text role="alert" fw={600}>
          {t('publicPortfolio.loadFailed')}
        </Text>
      )}
      {portfolio.data && (
        <>
          <section aria-labelledby="public-current">
            <Title order={2} id="public-current" mb="sm">
              {t('publicPortfolio.currentHeading')}
            </Title>
            <PortfolioTable
              caption={t('publicPortfolio.currentCaption')}
              services={portfolio.data.current}
              empty={t('publicPortfolio.noCurrent')}
              period="since"
            />
          </section>
          <section aria-labelledby="public-past">
            <Title order={2} id="public-past" mb="sm">
              {t('publicPortfolio.pastHeading')}
            </Title>
            <PortfolioTable
              caption={t('publicPortfolio.pastCaption')}
              services={portfolio.data.past}
              empty={t('publicPortfolio.noPast')}
              period="fromTill"
            />
          </section>
        </>
      )}
    </Stack>
  );
};
