import type { ServiceState } from '@nubes/domain';

/**
 * The milestones of the workflow's main path, from application to online (docs/domain.md#service-workflow).
 * Each groups the states in which the same work happens, so the header stays short enough for a phone.
 */
export const MILESTONES = ['application', 'planned', 'information', 'integration', 'online'] as const;
export type Milestone = (typeof MILESTONES)[number];

const MILESTONE_OF_STATE: Partial<Record<ServiceState, Milestone>> = {
  application_draft: 'application',
  application_received: 'application',
  service_planned: 'planned',
  service_information_draft: 'information',
  service_information_received: 'information',
  ready_for_integration: 'integration',
  integration_planned: 'integration',
  integration_in_progress: 'integration',
  service_card_review: 'integration',
  integration_completed: 'integration',
  service_online: 'online',
  service_not_available: 'online',
  service_full_capacity_reached: 'online',
};

/** Every state of the main path, in its order. */
export const MAIN_PATH = Object.keys(MILESTONE_OF_STATE) as ServiceState[];

/**
 * Side states leave the main path: how many milestones are surely behind the service (a withdrawn
 * offer was withdrawn somewhere in the pipeline, so only its application is certain).
 */
const SIDE_STATES: Partial<Record<ServiceState, number>> = {
  application_withdrawn: 0,
  service_offer_withdrawn: 1,
  service_discontinued: MILESTONES.length,
  service_retired: MILESTONES.length,
};

export type StepStatus = 'done' | 'current' | 'upcoming' | 'left';

export interface ServiceStep {
  /** A milestone, or `left`: where the service left the main path (its state names it). */
  key: Milestone | 'left';
  status: StepStatus;
  /** The state the service is in, on the step it is at. */
  state?: ServiceState;
}

/**
 * Where a service is on its way: the milestones behind it done, the one it is at current (with its
 * state), the rest upcoming. A side state shows as a step of its own after the last milestone it
 * surely passed; the milestones after it stay, not reached.
 */
export const serviceSteps = (state: ServiceState): ServiceStep[] => {
  const milestone = MILESTONE_OF_STATE[state];
  if (milestone) {
    const at = MILESTONES.indexOf(milestone);
    return MILESTONES.map((key, index) => ({
      key,
      status: index < at ? 'done' : index === at ? 'current' : 'upcoming',
      ...(index === at ? { state } : {}),
    }));
  }
  const passed = SIDE_STATES[state] ?? 0;
  return [
    ...MILESTONES.slice(0, passed).map((key): ServiceStep => ({ key, status: 'done' })),
    { key: 'left', status: 'left', state },
    ...MILESTONES.slice(passed).map((key): ServiceStep => ({ key, status: 'upcoming' })),
  ];
};
