import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { PublicDowntime } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/SessionProvider';
import { allCalendarUrl, serviceCalendarUrl, useServiceDowntimes, useServiceIdOf } from './api';
import { DowntimeSeverityBadge, DowntimeStateBadge } from './DowntimeBadges';
import { DowntimeSubscriptionToggle } from './DowntimeSubscriptionToggle';
import { personTimeZone } from '../../forms/personTimeZone';
import { formatSpan } from './times';
import './downtimes.css';

/** A logged-in reader who sees the service subscribes here too; others see nothing of it. */
const PublicSubscription = ({ serviceId, serviceName }: { serviceId: string; serviceName: string }) => {
  const id = useServiceIdOf(serviceId).data ?? undefined;
  const downtimes = useServiceDowntimes(id);
  if (!id || !downtimes.isSuccess) return null;
  return <DowntimeSubscriptionToggle serviceId={id} serviceName={serviceName} subscribed={downtimes.data.subscribed} />;
};

/**
 * The public page's Downtimes section: the downtimes running now and coming, in the reader's
 * language as the server answers them, the calendar feeds of this service and of all services, and
 * for a logged-in reader the subscription.
 */
export const PublicDowntimes = ({
  serviceId,
  serviceName,
  downtimes,
}: {
  serviceId: string;
  serviceName: string;
  downtimes: readonly PublicDowntime[];
}) => {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <section aria-labelledby="public-service-downtimes">
      <Title order={2} id="public-service-downtimes" mb="sm">
        {t('serviceDowntimes.publicTitle')}
      </Title>
      <Stack gap="sm">
        {downtimes.length === 0 ? (
          <Text>{t('serviceDowntimes.publicEmpty')}</Text>
        ) : (
          <ul className="public-downtimes">
            {downtimes.map((downtime) => (
              <li key={downtime.id}>
                <Group gap="xs">
                  <DowntimeSeverityBadge severity={downtime.severity} />
                  <DowntimeStateBadge state={downtime.state} />
                  <Text component="span" fw={600}>
                    {formatSpan(downtime.startsAt, downtime.endsAt)}
                  </Text>
                </Group>
                {downtime.description && <Text className="downtime-description">{downtime.description}</Text>}
              </li>
            ))}
          </ul>
        )}
        <Text size="sm" c="dimmed">
          {t('serviceDowntimes.timesIn', { zone: personTimeZone() })}
        </Text>
        <Group gap="md">
          <Anchor href={serviceCalendarUrl(serviceId)}>{t('serviceDowntimes.calendar')}</Anchor>
          <Anchor href={allCalendarUrl}>{t('serviceDowntimes.calendarAll')}</Anchor>
          {isLoggedIn && <PublicSubscription serviceId={serviceId} serviceName={serviceName} />}
        </Group>
      </Stack>
    </section>
  );
};
