import { allOf, anyOf, fact, holds, not, type Rule } from '../access/rules.js';
import { can, type Principal } from '../permissions.js';
import { hasAnyRole, type Role } from '../roles.js';
import { isProviderEditState, type ServiceState } from './states.js';

/** The caller's relation to one service; the server computes it from the rows, the web gets it in the answer. */
export interface ServiceRelation {
  roles: readonly string[];
  state: ServiceState;
  isObjectOwner: boolean;
  isServiceOwner: boolean;
  isAdmin: boolean;
  isServiceManager: boolean;
  isProviderManager: boolean;
  /** Whether the service has a service manager at all (owner and admins stand in otherwise). */
  hasServiceManager: boolean;
}

const SPM: readonly Role[] = ['servicePortfolioManager'];

/** Roles that read every service beyond drafts (ADR 0008, visibility). */
const SERVICE_READER_ROLES: readonly Role[] = [
  'serviceProvider',
  'cloudServiceDesk',
  'servicePortfolioManager',
  'serviceIntegrationManager',
];

/** What a visibility rule asks of one service for one caller: the caller's relation, and whether it is a draft. */
export type ServiceFact =
  'isObjectOwner' | 'isServiceOwner' | 'isAdmin' | 'isServiceManager' | 'isProviderManager' | 'isDraft';

export const serviceFacts = (r: ServiceRelation): Record<ServiceFact, boolean> => ({
  isObjectOwner: r.isObjectOwner,
  isServiceOwner: r.isServiceOwner,
  isAdmin: r.isAdmin,
  isServiceManager: r.isServiceManager,
  isProviderManager: r.isProviderManager,
  isDraft: r.state === 'application_draft',
});

/** The provider side: object owner, service owner, further admins and service manager (ADR 0008). */
export const PROVIDER_SIDE_RULE: Rule<ServiceFact> = anyOf(
  fact('isObjectOwner'),
  fact('isServiceOwner'),
  fact('isAdmin'),
  fact('isServiceManager'),
);

export const isProviderSide = (r: ServiceRelation): boolean => holds(PROVIDER_SIDE_RULE, serviceFacts(r));

const isPortfolioManager = (roles: readonly string[]): boolean => hasAnyRole(roles, SPM);

/**
 * Which services a caller with these roles sees. A draft application is seen only by its provider
 * side and the portfolio managers; others get 404. The provider manager is a fallback contact, not
 * an author of the application: they see the service once it has been handed in, like the reader
 * roles (ADR 0008). The lists run the same rule as SQL.
 */
export const serviceVisibilityRule = (roles: readonly string[]): Rule<ServiceFact> =>
  anyOf(
    PROVIDER_SIDE_RULE,
    isPortfolioManager(roles),
    allOf(not(fact('isDraft')), anyOf(fact('isProviderManager'), hasAnyRole(roles, SERVICE_READER_ROLES))),
  );

export const canSeeService = (r: ServiceRelation): boolean => holds(serviceVisibilityRule(r.roles), serviceFacts(r));

/**
 * Direct edits of fields, name and weighting answers: the provider side in the draft states,
 * the portfolio manager everywhere but retired. In the catalogue states changes go through
 * change requests instead.
 */
export const canEditService = (r: ServiceRelation): boolean => {
  if (isPortfolioManager(r.roles)) return r.state !== 'service_retired';
  return isProviderSide(r) && isProviderEditState(r.state);
};

/** Only the portfolio manager edits the object owner (ADR 0008). */
export const canEditObjectOwner = (r: ServiceRelation): boolean => isPortfolioManager(r.roles);

/**
 * Setting service owner, service manager and provider manager directly: the portfolio manager,
 * and the object owner while the service is in a draft state (while writing the application).
 */
export const canAssignServiceRoles = (r: ServiceRelation): boolean =>
  isPortfolioManager(r.roles) || (r.isObjectOwner && isProviderEditState(r.state));

/** Whoever holds the manager's rights: the manager, or owner and admins when no manager is set. */
const hasManagerRights = (r: ServiceRelation): boolean =>
  r.isServiceManager || (!r.hasServiceManager && (r.isServiceOwner || r.isAdmin));

/** The service owner adds and removes further admins; admins and the manager have the same right (ADR 0008). */
export const canManageAdmins = (r: ServiceRelation): boolean =>
  isPortfolioManager(r.roles) || r.isServiceOwner || r.isAdmin || r.isServiceManager;

/** The manager may request a change of the service owner or of themselves (ADR 0008). */
export const canRequestRoleChange = (r: ServiceRelation): boolean => hasManagerRights(r);

/** Role change requests are decided by the portfolio manager. */
export const canDecideRoleChange = (r: ServiceRelation): boolean => isPortfolioManager(r.roles);

export const canActivateDocuments = (r: ServiceRelation): boolean => isPortfolioManager(r.roles);

/** Upload and delete in an activated documents area: the provider side and the portfolio manager. */
export const canManageDocuments = (r: ServiceRelation): boolean => isProviderSide(r) || isPortfolioManager(r.roles);

/** Comments are the conversation between provider side and the portfolio and integration managers. */
export const canComment = (r: ServiceRelation): boolean =>
  isProviderSide(r) || hasAnyRole(r.roles, ['servicePortfolioManager', 'serviceIntegrationManager']);

/**
 * A retirement plan is the provider side's and the portfolio manager's (docs/adr/0122-retirement-plan.md):
 * they read it in every state, and write it while the service is offboarding (discontinued).
 */
export const canReadRetirementPlan = (r: ServiceRelation): boolean => isProviderSide(r) || isPortfolioManager(r.roles);

export const canEditRetirementPlan = (r: ServiceRelation): boolean =>
  canReadRetirementPlan(r) && r.state === 'service_discontinued';

/** Everything the web needs to show or hide; the server checks the same functions. */
export const servicePermissions = (r: ServiceRelation) => ({
  edit: canEditService(r),
  editObjectOwner: canEditObjectOwner(r),
  assignRoles: canAssignServiceRoles(r),
  manageAdmins: canManageAdmins(r),
  requestRoleChange: canRequestRoleChange(r),
  decideRoleChange: canDecideRoleChange(r),
  activateDocuments: canActivateDocuments(r),
  manageDocuments: canManageDocuments(r),
  comment: canComment(r),
  readRetirementPlan: canReadRetirementPlan(r),
  editRetirementPlan: canEditRetirementPlan(r),
});

/** A caller as the centre rule sees them: their roles and their own centre (none: null). */
export interface CentreCaller extends Principal {
  institutionId: string | null;
}

/**
 * Whether the caller may put a service under this centre (provider institution; null: none) on
 * creating it (`current` undefined) or moving it (`current`: where it is now). The portfolio
 * manager (service.anyCentre) may choose any; everyone else only their own centre, which for a
 * caller without one is none. Keeping the current centre is no move (docs/domain.md, "Centres").
 */
export const mayPlaceServiceUnder = (caller: CentreCaller, target: string | null, current?: string | null): boolean =>
  can(caller, 'service.anyCentre') || target === caller.institutionId || (current !== undefined && target === current);
