import { Badge } from '@mantine/core';
import type { PublicDowntime } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import { formatMomentDay } from './times';

/**
 * Under a service's name in the public portfolio: a downtime running now ("Downtime now",
 * "Degraded") or the next one coming within two weeks ("Downtime on 5.1.2027"). Its texts are in
 * the catalogues' shell part, as the public portfolio loads no other (docs/adr/0026).
 */
export const PortfolioDowntimeBadge = ({ downtime }: { downtime: PublicDowntime }) => {
  const { t } = useTranslation();
  const current = downtime.state === 'current';
  const label = current
    ? t(downtime.severity === 'outage' ? 'publicPortfolio.downtimeNow' : 'publicPortfolio.degradedNow')
    : t(downtime.severity === 'outage' ? 'publicPortfolio.downtimeOn' : 'publicPortfolio.degradedOn', {
        date: formatMomentDay(downtime.startsAt),
      });
  return (
    <Badge
      className="public-downtime-badge"
      color={current && downtime.severity === 'outage' ? 'red.9' : current ? 'yellow.3' : 'blue.1'}
      autoContrast
      tt="none"
      mt={4}
      title={downtime.description}
    >
      {label}
    </Badge>
  );
};
