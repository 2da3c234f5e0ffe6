import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { formatDate, routePath, type PublicServiceDetail } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest, isApiError } from '../api/client';
import { ExternalLink } from '../components/ExternalLink';
import { PublicDowntimes } from '../features/downtimes/PublicDowntimes';
import { PageLoader } from '../components/PageLoader';
import { ProviderWithLogo } from '../components/ProviderWithLogo';
import { ServiceStateBadge } from '../components/ServiceStateBadge';
import { ServiceStatusNotice } from '../components/ServiceStatusNotice';
import { usePageTitle } from '../hooks/useDocumentTitle';
import { ScreenMessages } from '../i18n/ScreenMessages';
import { Link, useParams } from '../routing';
import './PublicServicePage.css';

type Field = PublicServiceDetail['fields'][number];

/**
 * While the service is offboarding: its planned end and the service that takes over, linked to
 * that one's public page (docs/adr/0122-retirement-plan.md).
 */
const RetirementNotice = ({ retirement }: { retirement: NonNullable<PublicServiceDetail['retirement']> }) => {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('publicServicePage.offboarding')} className="public-service-retirement">
      <dl className="public-service-facts">
        <dt>{t('publicServicePage.plannedEnd')}</dt>
        <dd>
          {retirement.plannedEndOn
            ? formatDate(`${retirement.plannedEndOn}T12:00:00Z`)
            : t('publicServicePage.noEndYet')}
        </dd>
        {retirement.successor && (
          <>
            <dt>{t('publicServicePage.successor')}</dt>
            <dd>
              <Anchor component={Link} to={routePath('publicService', { serviceId: retirement.successor.serviceId })}>
                {retirement.successor.name}
              </Anchor>
            </dd>
          </>
        )}
      </dl>
    </Alert>
  );
};

const FieldValues = ({ field }: { field: Field }) => {
  if (field.kind === 'url')
    return (
      <>
        {field.values.map((value) => (
          <div key={value}>
            <ExternalLink href={value}>{value}</ExternalLink>
          </div>
        ))}
      </>
    );
  if (field.kind === 'email')
    return (
      <>
        {field.values.map((value) => (
          <div key={value}>
            <Anchor href={`mailto:${value}`}>{value}</Anchor>
          </div>
        ))}
      </>
    );
  if (field.kind === 'longText') return <Text style={{ whiteSpace: 'pre-line' }}>{field.values.join('\n')}</Text>;
  return <Text>{field.values.join(', ')}</Text>;
};

/**
 * A service's public page (/sc/public-service-portfolio/{serviceId}, no login): the portfolio's
 * columns and the catalogue's public fields, as the server answers them in the reader's language
 * (docs/adr/0045-public-portfolio-page.md). The address names the service ID, which never changes.
 */
export const PublicServicePage = () => (
  // Its texts are in the catalogues' screens part, which a public route does not load by itself:
  // they would otherwise weigh on the public portfolio's first visit (docs/adr/0045-public-portfolio-page.md).
  <Suspense fallback={<PageLoader />}>
    <ScreenMessages />
    <PublicService />
  </Suspense>
);

const PublicService = () => {
  const { t, i18n } = useTranslation();
  const { serviceId = '' } = useParams();
  const service = useQuery({
    queryKey: ['public-service', serviceId, i18n.language],
    queryFn: ({ signal }) =>
      apiRequest<PublicServiceDetail>(`/api/public/services/${encodeURIComponent(serviceId)}`, {
        auth: 'none',
        signal,
      }),
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 2,
    staleTime: 60_000,
  });
  usePageTitle(service.data ? [service.data.name] : null);

  const back = (
    <Anchor component={Link} to={routePath('publicServicePortfolio')}>
      {t('publicServicePage.back')}
    </Anchor>
  );
  if (service.isPending) return <PageLoader />;
  if (service.isError) {
    const missing = isApiError(service.error) && service.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Title order={1}>{missing ? t('publicServicePage.notFound') : t('routes.publicService')}</Title>
        <Text role={missing ? undefined : 'alert'}>
          {missing ? t('publicServicePage.notFoundText') : t('publicServicePage.loadFailed')}
        </Text>
      </Stack>
    );
  }
  const data = service.data;
  // Downtimes running or coming stand before the details; without any, the calendar links stand after them.
  const downtimes = <PublicDowntimes serviceId={data.serviceId} serviceName={data.name} downtimes={data.downtimes} />;
  return (
    <Stack gap="lg">
      {back}
      <div>
        <Title order={1}>{data.name}</Title>
        <dl className="public-service-facts">
          <dt>{t('publicServicePage.serviceId')}</dt>
          <dd>{data.serviceId}</dd>
          <dt>{t('publicPortfolio.provider')}</dt>
          <dd>
            {data.provider ? <ProviderWithLogo name={data.provider} logo={data.providerLogo} size="medium" /> : '—'}
          </dd>
          <dt>{t('publicPortfolio.status')}</dt>
          <dd>
            <ServiceStateBadge state={data.state} />
            <ServiceStatusNotice notice={data.statusNotice} />
          </dd>
          <dt>{t('publicPortfolio.onlineSince')}</dt>
          <dd>{formatDate(data.onlineSince) || '—'}</dd>
          {data.onlineUntil && (
            <>
              <dt>{t('publicServicePage.onlineUntil')}</dt>
              <dd>{formatDate(data.onlineUntil)}</dd>
            </>
          )}
        </dl>
      </div>
      {data.retirement && <RetirementNotice retirement={data.retirement} />}
      {data.downtimes.length > 0 && downtimes}
      {data.fields.length > 0 && (
        <section aria-labelledby="public-service-details">
          <Title order={2} id="public-service-details" mb="sm">
            {t('publicServicePage.details')}
          </Title>
          <dl className="public-service-fields">
            {data.fields.map((field) => (
              <div key={field.key}>
                <dt>{field.label}</dt>
                <dd>
                  <FieldValues field={field} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {data.downtimes.length === 0 && downtimes}
    </Stack>
  );
};
