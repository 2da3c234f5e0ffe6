import { hasAnyRole } from '../roles.js';
import { isOneOf } from '../one-of.js';
import { allOf, anyOf, fact, holds, not, type Rule } from '../access/rules.js';
import {
  isProviderSide,
  serviceFacts,
  serviceVisibilityRule,
  type ServiceFact,
  type ServiceRelation,
} from '../services/access.js';

/**
 * A resource package's review states (docs/adr/0031-resource-packages.md): written as a draft,
 * submitted for review, then approved or rejected by a resource package manager. An approved or
 * rejected package that is edited again goes back to draft.
 */
export const RESOURCE_PACKAGE_STATES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export type ResourcePackageState = (typeof RESOURCE_PACKAGE_STATES)[number];

export const RESOURCE_PACKAGE_ACTIONS = ['submit', 'withdraw', 'approve', 'reject'] as const;
export type ResourcePackageAction = (typeof RESOURCE_PACKAGE_ACTIONS)[number];

/**
 * Who takes a step: the package's editors (the service's provider side and the portfolio manager)
 * or its reviewers (resource package managers). portalManager passes every role.
 */
type ResourcePackageActor = 'editor' | 'reviewer';

export interface ResourcePackageRule {
  action: ResourcePackageAction;
  from: readonly ResourcePackageState[];
  to: ResourcePackageState;
  who: ResourcePackageActor;
  /** The step needs a comment (a rejection says why). */
  needsComment?: true;
}

/** The review table: the one place that says which step runs from where and by whom. */
export const RESOURCE_PACKAGE_RULES: readonly ResourcePackageRule[] = [
  { action: 'submit', from: ['draft'], to: 'submitted', who: 'editor' },
  { action: 'withdraw', from: ['submitted'], to: 'draft', who: 'editor' },
  { action: 'approve', from: ['submitted'], to: 'approved', who: 'reviewer' },
  { action: 'reject', from: ['submitted'], to: 'rejected', who: 'reviewer', needsComment: true },
];

export const resourcePackageRule = (action: ResourcePackageAction): ResourcePackageRule =>
  RESOURCE_PACKAGE_RULES.find((rule) => rule.action === action)!;

/**
 * The states in which the editors may change or delete a package; a change of an approved or
 * rejected package puts it back to draft. While submitted it waits for the reviewer: withdraw first.
 */
export const RESOURCE_PACKAGE_EDIT_STATES = [
  'draft',
  'approved',
  'rejected',
] as const satisfies readonly ResourcePackageState[];

export const isResourcePackageEditState = isOneOf(RESOURCE_PACKAGE_EDIT_STATES);

/** The state a package is in after an edit: every edit starts the review over. */
export const stateAfterEdit = (_state: ResourcePackageState): ResourcePackageState => 'draft';

export const isResourcePackageReviewer = (roles: readonly string[]): boolean =>
  hasAnyRole(roles, ['resourcePackageManager']);

const isSpm = (roles: readonly string[]): boolean => hasAnyRole(roles, ['servicePortfolioManager']);

/**
 * Who writes a service's packages: its provider side and the portfolio manager, on every service
 * that is not retired. The service's workflow state does not matter otherwise: a provider prepares
 * packages while the service is still on its way to the catalogue.
 */
export const canEditResourcePackages = (r: ServiceRelation): boolean =>
  r.state !== 'service_retired' && (isProviderSide(r) || isSpm(r.roles));

/**
 * Who reads a package: everyone who may see its service, and the reviewers once it has been
 * submitted (they do not see the service's other tabs). Others get 404, as for what does not exist.
 */
export const resourcePackageVisibilityRule = (roles: readonly string[]): Rule<ResourcePackageFact> =>
  // The reviewers' part first: SQL asks it before the service's facts, one of which reads the admins.
  anyOf<ResourcePackageFact>(
    allOf(isResourcePackageReviewer(roles), not(fact('isPackageDraft'))),
    serviceVisibilityRule(roles),
  );

/** A package's facts: its service's, and whether the package itself is a draft. */
export type ResourcePackageFact = ServiceFact | 'isPackageDraft';

export const canSeeResourcePackage = (r: ServiceRelation, state: ResourcePackageState): boolean =>
  holds(resourcePackageVisibilityRule(r.roles), { ...serviceFacts(r), isPackageDraft: state === 'draft' });

/** Who may take the step, regardless of the package's state (the state answers 409, this 403). */
export const mayTakeResourcePackageAction = (action: ResourcePackageAction, r: ServiceRelation): boolean =>
  resourcePackageRule(action).who === 'reviewer' ? isResourcePackageReviewer(r.roles) : canEditResourcePackages(r);

export const resourcePackageActionFrom = (action: ResourcePackageAction, state: ResourcePackageState): boolean =>
  resourcePackageRule(action).from.includes(state);

/** The steps this caller may take on a package in this state, for the web to offer. */
export const resourcePackageActions = (r: ServiceRelation, state: ResourcePackageState): ResourcePackageAction[] =>
  RESOURCE_PACKAGE_ACTIONS.filter(
    (action) => resourcePackageActionFrom(action, state) && mayTakeResourcePackageAction(action, r),
  );

/** Whether this caller may change or delete the package now. */
export const canChangeResourcePackage = (r: ServiceRelation, state: ResourcePackageState): boolean =>
  canEditResourcePackages(r) && isResourcePackageEditState(state);
