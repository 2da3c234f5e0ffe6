import { TAB_STATES, type PortfolioTab, type ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import './ServiceStateBadge.css';

/** The workflow phases are the portfolio tabs that hold states (docs/domain.md#service-workflow); myCentre is no phase. */
export type ServicePhase = Exclude<PortfolioTab, 'myCentre'>;

const PHASE_OF_STATE = new Map<ServiceState, ServicePhase>(
  (Object.entries(TAB_STATES) as [ServicePhase, readonly ServiceState[]][]).flatMap(([phase, states]) =>
    states.map((state) => [state, phase] as const),
  ),
);

/** The phase a state belongs to, as the portfolio tabs group them. */
const servicePhase = (state: ServiceState): ServicePhase => PHASE_OF_STATE.get(state) ?? 'withdrawn';

export interface ServiceStateBadgeProps {
  state: ServiceState;
}

/**
 * A service's state in words (`serviceStates.<state>`), tinted by its phase. Plain markup and a
 * small stylesheet, so the public portfolio can show it without pulling in more of Mantine.
 */
export const ServiceStateBadge = ({ state }: ServiceStateBadgeProps) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-phase={servicePhase(state)}>
      {t(`serviceStates.${state}`)}
    </span>
  );
};
