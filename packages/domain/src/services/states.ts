import { isOneOf } from '../one-of.js';
/** The seventeen service states (docs/domain.md#service-workflow), in the order a service passes through them. */
export const SERVICE_STATES = [
  'application_withdrawn',
  'application_draft',
  'application_received',
  'service_planned',
  'service_offer_withdrawn',
  'service_information_draft',
  'service_information_received',
  'ready_for_integration',
  'integration_planned',
  'integration_in_progress',
  'service_card_review',
  'integration_completed',
  'service_online',
  'service_not_available',
  'service_full_capacity_reached',
  'service_discontinued',
  'service_retired',
] as const;

export type ServiceState = (typeof SERVICE_STATES)[number];

export const isServiceState = isOneOf(SERVICE_STATES);

/** The pipeline runs from planning to a completed integration (the portfolio's tabs). */
export const PIPELINE_STATES = [
  'service_planned',
  'service_information_draft',
  'service_information_received',
  'ready_for_integration',
  'integration_planned',
  'integration_in_progress',
  'service_card_review',
  'integration_completed',
] as const satisfies readonly ServiceState[];

export const CATALOGUE_STATES = [
  'service_online',
  'service_not_available',
  'service_full_capacity_reached',
] as const satisfies readonly ServiceState[];

export const isCatalogueState = isOneOf(CATALOGUE_STATES);

export const OFFBOARDING_STATES = [
  'service_discontinued',
  'service_retired',
] as const satisfies readonly ServiceState[];

const WITHDRAWN_STATES = [
  'application_withdrawn',
  'service_offer_withdrawn',
] as const satisfies readonly ServiceState[];

const APPLICATION_STATES = ['application_draft', 'application_received'] as const satisfies readonly ServiceState[];

/** States in which the provider side edits the fields directly (docs/domain.md#service-workflow, editing). */
export const PROVIDER_EDIT_STATES = [
  'application_draft',
  'service_information_draft',
] as const satisfies readonly ServiceState[];

export const isProviderEditState = isOneOf(PROVIDER_EDIT_STATES);

/**
 * The portfolio's tabs (docs/domain.md#service-workflow). `myCentre` is not a set of states but the services of the
 * user's own institution; `mine` backs My Services (the services the user is provider side of).
 */
export const PORTFOLIO_TABS = ['application', 'pipeline', 'catalogue', 'offboarding', 'withdrawn', 'myCentre'] as const;

export type PortfolioTab = (typeof PORTFOLIO_TABS)[number];

export const TAB_STATES: Record<Exclude<PortfolioTab, 'myCentre'>, readonly ServiceState[]> = {
  application: APPLICATION_STATES,
  pipeline: PIPELINE_STATES,
  catalogue: CATALOGUE_STATES,
  offboarding: OFFBOARDING_STATES,
  withdrawn: WITHDRAWN_STATES,
};
