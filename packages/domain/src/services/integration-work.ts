import { SERVICE_STATES, type ServiceState } from './states.js';
import { TRANSITIONS } from './workflow.js';

/**
 * The states in which the integration manager takes the next step (the workflow table's rows
 * with `sim`): where integration work happens. The integration list shows these unless asked
 * for every state.
 */
export const INTEGRATION_WORK_STATES: readonly ServiceState[] = SERVICE_STATES.filter((state) =>
  TRANSITIONS.some((rule) => rule.from === state && rule.who.includes('sim')),
);

/** What the integration list shows: the services in integration work (the default) or all of them. */
export const INTEGRATION_SCOPES = ['work', 'all'] as const;
export type IntegrationScope = (typeof INTEGRATION_SCOPES)[number];
