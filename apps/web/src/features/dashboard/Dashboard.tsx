// The logged-in home: Mantine's whole stylesheet with it (ADR 0086).
import '../../components/MantineStyles';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { offersRoute, routePath, type ServiceSummary } from '@nubes/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { principalOf } from '../../auth/principal';
import { DataTable } from '../../components/data-table';
import { PageLoader } from '../../components/PageLoader';
import { Link } from '../../routing';
import { serviceColumns } from '../../components/serviceColumns';
import { dashboardKeys, fetchDashboard } from './api';
import { ContactDatabaseGlance } from './ContactDatabaseGlance';
import { HomePilots } from './HomePilots';
import { RecentActivity } from './RecentActivity';
import { WaitingList } from './WaitingList';
import './dashboard.css';

// recharts is most of a chart's weight: it loads after the rest of the dashboard shows.
const DashboardCharts = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.DashboardCharts })));

const MY_SERVICE_COLUMNS = new Set(['name', 'serviceId', 'state', 'updatedAt']);

const Section = ({ id, title, children }: { id: string; title: string; children: React.ReactNode }) => (
  <section aria-labelledby={id} className="dashboard-section">
    <Title order={2} id={id} mb="xs">
      {title}
    </Title>
    {children}
  </section>
);

/** The portfolio manager's count of overdue reviews, linked to the review list's overdue view (docs/adr/0116). */
const OverdueReviews = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  return (
    <Group mt="sm" gap="xs">
      <Text fw={count > 0 ? 600 : undefined}>{t('dashboard.overdueReviews', { count })}</Text>
      {count > 0 && (
        <Anchor component={Link} to={`${routePath('reviewList')}?schedule=overdue`}>
          {t('dashboard.showOverdueReviews')}
        </Anchor>
      )}
    </Group>
  );
};

/** The portfolio manager's count of services whose owner is gone, linked to the handover (docs/adr/0123-people-who-leave.md). */
const GoneOwners = ({ count }: { count: number }) => {
  const { t } = useTranslation();
  return (
    <Group mt="sm" gap="xs">
      <Text fw={count > 0 ? 600 : undefined}>{t('handover.homeCount', { count })}</Text>
      {count > 0 && (
        <Anchor component={Link} to={routePath('handover')}>
          {t('handover.homeOpen')}
        </Anchor>
      )}
    </Group>
  );
};

/**
 * The logged-in home (ADR 0041): what waits for the person, then the parts their roles have: the
 * contact database for its keepers, their services for the provider side, the services they can
 * see as charts, recent activity. A part that belongs to none of their roles and holds nothing is
 * left out rather than shown empty.
 */
export const Dashboard = () => {
  const { t, i18n } = useTranslation();
  const { session } = useSession();
  const principal = principalOf(session);
  const query = useQuery({ queryKey: dashboardKeys.mine, queryFn: ({ signal }) => fetchDashboard(signal) });
  const columns = useMemo(
    () => serviceColumns(t, i18n.language, true).filter((column) => MY_SERVICE_COLUMNS.has(column.id)),
    [t, i18n.language],
  );
  const loading = <PageLoader />;

  if (query.isError) return <Text role="alert">{t('dashboard.loadFailed')}</Text>;
  const data = query.data;
  const offersMyServices = offersRoute(principal, 'myServices');
  const showsMyServices = offersMyServices || (data?.myServices.total ?? 0) > 0;
  const showsCounts = !data || data.stateCounts.length > 0;
  return (
    <Stack gap="xl">
      <Section id="dashboard-waiting" title={t('dashboard.waitingHeading')}>
        {data ? <WaitingList items={data.waiting.items} total={data.waiting.total} /> : loading}
        {data && data.overdueReviews !== null && <OverdueReviews count={data.overdueReviews} />}
        {data && data.goneOwners !== null && <GoneOwners count={data.goneOwners} />}
      </Section>
      {data?.pilots && (
        <Section id="dashboard-pilots" title={t('dashboard.pilotsHeading')}>
          <HomePilots pilots={data.pilots} />
        </Section>
      )}
      {data?.contactDatabase && (
        <Section id="dashboard-contacts" title={t('dashboard.contactsHeading')}>
          <ContactDatabaseGlance glance={data.contactDatabase} />
        </Section>
      )}
      {showsMyServices && (
        <Section id="dashboard-my-services" title={t('dashboard.myServicesHeading')}>
          <DataTable<ServiceSummary>
            id="dashboard-my-services"
            caption={t('dashboard.myServicesHeading')}
            columns={columns}
            rows={data?.myServices.items}
            getRowId={(service) => service.id}
            initialSort={{ id: 'updatedAt', desc: true }}
            countLabel={() => t('dashboard.myServicesCount', { count: data?.myServices.total ?? 0 })}
            columnChooser={false}
            empty={{ title: t('dashboard.myServicesNone'), hint: t('dashboard.myServicesNoneHint') }}
          />
          {offersMyServices && (data?.myServices.total ?? 0) > 0 && (
            <Group mt="xs">
              <Anchor component={Link} to={routePath('myServices')}>
                {t('dashboard.allMyServices')}
              </Anchor>
            </Group>
          )}
        </Section>
      )}
      {showsCounts && (
        <Section id="dashboard-counts" title={t('dashboard.countsHeading')}>
          {data ? (
            <Suspense fallback={<PageLoader />}>
              <DashboardCharts stateCounts={data.stateCounts} centreCounts={data.centreCounts} />
            </Suspense>
          ) : (
            loading
          )}
        </Section>
      )}
      <Section id="dashboard-activity" title={t('dashboard.activityHeading')}>
        {data ? <RecentActivity entries={data.activity} /> : loading}
      </Section>
    </Stack>
  );
};
