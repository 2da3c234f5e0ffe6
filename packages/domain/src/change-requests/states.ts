import { hasAnyRole } from '../roles.js';
import { isOneOf } from '../one-of.js';
import { anyOf, holds, type Rule } from '../access/rules.js';
import {
  isProviderSide,
  PROVIDER_SIDE_RULE,
  serviceFacts,
  type ServiceFact,
  type ServiceRelation,
} from '../services/access.js';
import { FIELDS_BY_KEY } from '../services/fields.js';
import { CATALOGUE_STATES, isProviderEditState, PIPELINE_STATES, type ServiceState } from '../services/states.js';

/** A change request's states (docs/domain.md#change-requests); draft, handed in and released are open. */
export const CHANGE_REQUEST_STATES = ['draft', 'handed_in', 'released', 'applied', 'withdrawn'] as const;
export type ChangeRequestState = (typeof CHANGE_REQUEST_STATES)[number];

export const isChangeRequestState = isOneOf(CHANGE_REQUEST_STATES);

export const OPEN_CHANGE_REQUEST_STATES = [
  'draft',
  'handed_in',
  'released',
] as const satisfies readonly ChangeRequestState[];

export const isOpenChangeRequestState = isOneOf(OPEN_CHANGE_REQUEST_STATES);

/** While a request is in one of these, the provider side may not change the service's fields (the lock). */
export const LOCKING_CHANGE_REQUEST_STATES = ['handed_in', 'released'] as const satisfies readonly ChangeRequestState[];

export const CHANGE_DECISIONS = ['accept', 'discard'] as const;
export type ChangeDecision = (typeof CHANGE_DECISIONS)[number];

/**
 * The service states in which the provider side's edits become a change request: from the
 * pipeline to the catalogue, except where it edits directly. The portfolio manager edits directly
 * there (docs/domain.md#service-workflow, editing).
 */
export const CHANGE_REQUEST_SERVICE_STATES: readonly ServiceState[] = [...PIPELINE_STATES, ...CATALOGUE_STATES].filter(
  (state) => !isProviderEditState(state),
);

export const isChangeRequestServiceState = isOneOf(CHANGE_REQUEST_SERVICE_STATES);

/**
 * Who acts on a change request: its authors (the provider side, or the integration managers when
 * the request is marked as theirs) or the portfolio manager (spm). portalManager passes every role.
 */
type ChangeRequestActor = 'author' | 'spm';

export const CHANGE_REQUEST_ACTIONS = ['update', 'handIn', 'withdraw', 'decide', 'release', 'apply'] as const;
export type ChangeRequestAction = (typeof CHANGE_REQUEST_ACTIONS)[number];

export interface ChangeRequestRule {
  action: ChangeRequestAction;
  from: readonly ChangeRequestState[];
  /** The state after the action; absent: the state stays (an edit, a decision). */
  to?: ChangeRequestState;
  who: ChangeRequestActor;
}

/** The transition table: the one place that says which action runs from where and by whom. */
export const CHANGE_REQUEST_RULES: readonly ChangeRequestRule[] = [
  { action: 'update', from: ['draft'], who: 'author' },
  { action: 'handIn', from: ['draft'], to: 'handed_in', who: 'author' },
  { action: 'withdraw', from: ['draft', 'handed_in'], to: 'withdrawn', who: 'author' },
  { action: 'decide', from: ['handed_in'], who: 'spm' },
  { action: 'release', from: ['handed_in'], to: 'released', who: 'spm' },
  { action: 'apply', from: ['released'], to: 'applied', who: 'spm' },
];

export const changeRequestRule = (action: ChangeRequestAction): ChangeRequestRule =>
  CHANGE_REQUEST_RULES.find((rule) => rule.action === action)!;

const isSpm = (roles: readonly string[]) => hasAnyRole(roles, ['servicePortfolioManager']);
const isSim = (roles: readonly string[]) => hasAnyRole(roles, ['serviceIntegrationManager']);

/** Whether the caller may start a change request on this service now. */
export const canCreateChangeRequest = (r: ServiceRelation): boolean =>
  isChangeRequestServiceState(r.state) && (isProviderSide(r) || isSim(r.roles));

/** A request started by someone who is not provider side but an integration manager is marked as theirs. */
export const isIntegrationManagerRequest = (r: ServiceRelation): boolean => !isProviderSide(r) && isSim(r.roles);

/** Whether the caller is one of the request's authors: the provider side, or the integration managers for theirs. */
export const isChangeRequestAuthor = (r: ServiceRelation, fromIntegrationManager: boolean): boolean =>
  fromIntegrationManager ? isSim(r.roles) : isProviderSide(r) || r.roles.includes('portalManager');

/** Who may take the action, regardless of the request's state (the state answers 409, this 403). */
export const mayTakeChangeRequestAction = (
  action: ChangeRequestAction,
  r: ServiceRelation,
  fromIntegrationManager: boolean,
): boolean =>
  changeRequestRule(action).who === 'spm' ? isSpm(r.roles) : isChangeRequestAuthor(r, fromIntegrationManager);

/** Whether the action runs from this state. */
export const changeRequestActionFrom = (action: ChangeRequestAction, state: ChangeRequestState): boolean =>
  changeRequestRule(action).from.includes(state);

/** The actions this caller may take on a request in this state, for the web to offer. */
export const changeRequestActions = (
  r: ServiceRelation,
  state: ChangeRequestState,
  fromIntegrationManager: boolean,
): ChangeRequestAction[] =>
  CHANGE_REQUEST_ACTIONS.filter(
    (action) => changeRequestActionFrom(action, state) && mayTakeChangeRequestAction(action, r, fromIntegrationManager),
  );

/** The fields a change request may carry: the catalogue's fields, but keywords (a relation of their own). */
export const isChangeableField = (key: string): boolean => {
  const field = FIELDS_BY_KEY.get(key);
  return field !== undefined && field.type !== 'keywords';
};

/**
 * Who reads a service's change requests: its provider side and the portfolio and integration
 * managers; others who may see the service get 404 for them, as for what does not exist.
 */
export const changeRequestVisibilityRule = (roles: readonly string[]): Rule<ServiceFact> =>
  anyOf(PROVIDER_SIDE_RULE, isSpm(roles) || isSim(roles));

export const canSeeChangeRequests = (r: ServiceRelation): boolean =>
  holds(changeRequestVisibilityRule(r.roles), serviceFacts(r));

/** Whether the provider side may not change the fields now: an open request was handed in. */
export const isLockingState = isOneOf(LOCKING_CHANGE_REQUEST_STATES);
