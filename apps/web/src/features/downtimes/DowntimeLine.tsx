import { Anchor, Group, Text } from '@mantine/core';
import { isDowntimeServiceState, type ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { useServiceDowntimes } from './api';
import { DowntimeSeverityBadge } from './DowntimeBadges';
import { formatMoment, formatSpan } from './times';

export interface DowntimeLineProps {
  id: string;
  state: ServiceState;
  /** Opens the service's Downtimes tab. */
  onOpen: () => void;
}

/**
 * In a catalogue service's header: the downtime running now with its end, and the next one coming,
 * each with its severity; a link to the Downtimes tab. Nothing when there is neither.
 */
export const DowntimeLine = ({ id, state, onOpen }: DowntimeLineProps) => {
  const { t } = useTranslation();
  const query = useServiceDowntimes(id);
  const items = isDowntimeServiceState(state) ? (query.data?.items ?? []) : [];
  const current = items.find((downtime) => downtime.state === 'current');
  const coming = items.find((downtime) => downtime.state === 'coming');
  if (!current && !coming) return null;
  return (
    // One group, so the downtimes wrap together on a narrow header.
    <Group gap="xs" component="span" className="downtime-line">
      {current && (
        <Group gap={6} component="span">
          <DowntimeSeverityBadge severity={current.severity} />
          <Text component="span">{t('serviceDowntimes.line.current', { end: formatMoment(current.endsAt) })}</Text>
        </Group>
      )}
      {coming && (
        <Group gap={6} component="span">
          {!current && <DowntimeSeverityBadge severity={coming.severity} />}
          <Text component="span">
            {t(current ? 'serviceDowntimes.line.next' : 'serviceDowntimes.line.coming', {
              span: formatSpan(coming.startsAt, coming.endsAt),
              severity: t(`downtimeLabels.severities.${coming.severity}`),
            })}
          </Text>
        </Group>
      )}
      <Anchor component="button" type="button" onClick={onOpen}>
        {t('serviceDowntimes.line.open')}
      </Anchor>
    </Group>
  );
};
