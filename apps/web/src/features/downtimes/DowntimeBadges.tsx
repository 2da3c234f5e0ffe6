import { Badge } from '@mantine/core';
import type { DowntimeSeverity, DowntimeState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';

// Light fills take dark text (autoContrast), the outage's dark red white text: each reads at 4.5:1.
const SEVERITY_COLORS: Record<DowntimeSeverity, string> = { outage: 'red.9', degraded: 'yellow.3' };
const STATE_COLORS: Record<DowntimeState, string> = {
  coming: 'blue.1',
  current: 'orange.3',
  ended: 'gray.2',
  cancelled: 'gray.2',
};

/** Outage or degraded. */
export const DowntimeSeverityBadge = ({ severity }: { severity: DowntimeSeverity }) => {
  const { t } = useTranslation();
  return (
    <Badge color={SEVERITY_COLORS[severity]} autoContrast tt="none" miw="max-content">
      {t(`downtimeLabels.severities.${severity}`)}
    </Badge>
  );
};

/** Coming, now, ended or cancelled. */
export const DowntimeStateBadge = ({ state }: { state: DowntimeState }) => {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} autoContrast tt="none" miw="max-content">
      {t(`downtimeLabels.states.${state}`)}
    </Badge>
  );
};
