import { TAB_STATES, type PortfolioTab, type ServiceState } from '@nubes/domain';
import { useTranslation } from 'react-i18next';
import './ServiceStateBadge.css';

/** The workflow phases are the portfolio tabs that hold states (docs/domain.md#service-workflow); myCentre is no phase. */
export type ServicePhase = Exclude<PortfolioTab, 'myCentre'>;

/**
 * What a state means to someone who wants to use the service, the badge's colour: online green,
 * not available amber, full capacity red, on its way (application, pipeline) in colours of their
 * own, offboarding orange, ended (withdrawn, retired) grey.
 */
export type StateTone =
  'application' | 'pipeline' | 'online' | 'notAvailable' | 'fullCapacity' | 'offboarding' | 'ended';

const TONE_OF_STATE: Partial<Record<ServiceState, StateTone>> = {
  service_online: 'online',
  service_not_available: 'notAvailable',
  service_full_capacity_reached: 'fullCapacity',
  service_discontinued: 'offboarding',
};

const TONE_OF_PHASE: Record<ServicePhase, StateTone> = {
  application: 'application',
  pipeline: 'pipeline',
  catalogue: 'online',
  offboarding: 'ended',
  withdrawn: 'ended',
};

const PHASE_OF_STATE = new Map<ServiceState, ServicePhase>(
  (Object.entries(TAB_STATES) as [ServicePhase, readonly ServiceState[]][]).flatMap(([phase, states]) =>
    states.map((state) => [state, phase] as const),
  ),
);

/** The tone of a state: its own where it has one, its phase's otherwise. */
export const stateTone = (state: ServiceState): StateTone =>
  TONE_OF_STATE[state] ?? TONE_OF_PHASE[PHASE_OF_STATE.get(state) ?? 'withdrawn'];

export interface ServiceStateBadgeProps {
  state: ServiceState;
}

/**
 * A service's state in words (`serviceStates.<state>`), tinted by its tone. Plain markup and a
 * small stylesheet, so the public portfolio can show it without pulling in more of Mantine.
 */
export const ServiceStateBadge = ({ state }: ServiceStateBadgeProps) => {
  const { t } = useTranslation();
  return (
    <span className="state-badge" data-tone={stateTone(state)}>
      {t(`serviceStates.${state}`)}
    </span>
  );
};
