import { hasAnyRole, type Role } from './roles.js';

/**
 * Who may call an API operation, before any object-level policy runs.
 * - 'public': anyone, also without a session
 * - 'authenticated': any logged-in user (object policies may narrow it further)
 * - a list of roles: logged-in users holding one of them (portalManager always passes)
 */
export type Audience = 'public' | 'authenticated' | readonly Role[];

export const PERMISSIONS = {
  'session.renew': { audience: 'authenticated', description: 'Renew the own session token' },
  'user.read': {
    audience: 'authenticated',
    description: 'Read a user account: the own one, or any with user.readAny',
  },
  'user.readAny': {
    audience: ['portalManager', 'contactManager', 'cloudServiceDesk'],
    description: 'Read any user account',
  },
  'user.manageRoles': {
    audience: [],
    description: 'Give and take the roles of a user account (portal managers only)',
  },
  'user.search': {
    audience: [
      'serviceProvider',
      'cloudServiceDesk',
      'servicePortfolioManager',
      'serviceIntegrationManager',
      'contactManager',
    ],
    description: 'Find users by name or e-mail, to assign them to a service',
  },
  'institution.list': { audience: 'authenticated', description: 'List the institutions (providers, centres)' },
  'service.list': {
    audience: ['serviceProvider', 'cloudServiceDesk', 'servicePortfolioManager', 'serviceIntegrationManager'],
    description: 'List the service portfolio (drafts only of the own services)',
  },
  'service.listOwn': { audience: 'authenticated', description: 'List the services the caller is provider side of' },
  'service.create': {
    audience: ['serviceProvider', 'cloudServiceDesk'],
    description: 'Start a new service application',
  },
  'service.read': {
    audience: 'authenticated',
    description: 'Read one service; the service policy decides, denied reads look like not-found',
  },
  'service.update': {
    audience: 'authenticated',
    description: 'Change a service: fields, roles, workflow state, documents, comments; the service policy decides',
  },
  'service.integrationList': {
    audience: ['servicePortfolioManager', 'serviceIntegrationManager'],
    description: 'The Service Integration List, by weighted score',
  },
  'service.fieldList': {
    audience: ['servicePortfolioManager', 'serviceIntegrationManager'],
    description: 'The Service Field List: one field of the catalogue across the services the caller may see',
  },
  'service.clearField': {
    audience: ['servicePortfolioManager'],
    description: 'Clear an optional field on many services at once (not on retired services)',
  },
  'changeRequest.list': {
    audience: ['servicePortfolioManager'],
    description: 'The Change Request List: change requests across services',
  },
  'changeRequest.decide': {
    audience: ['servicePortfolioManager'],
    description: 'Decide the fields of a change request, release and apply it',
  },
  'keyword.read': { audience: 'authenticated', description: 'List keywords' },
  'keyword.create': {
    audience: ['serviceProvider', 'cloudServiceDesk', 'servicePortfolioManager', 'serviceIntegrationManager'],
    description: 'Create keywords',
  },
  'weighting.read': { audience: 'authenticated', description: 'Read the weighting criteria' },
  'review.list': {
    audience: ['servicePortfolioManager'],
    description: 'The Service Review List: every reviewable service with its review status',
  },
  'review.manage': {
    audience: ['servicePortfolioManager'],
    description: 'Start, stop and end reviews, for one service or every service of a filtered list',
  },
  'resourceType.read': { audience: 'authenticated', description: 'List the resource types with their JSON Schemas' },
  'mail.settings': {
    audience: 'authenticated',
    description: 'Read and change the own mail settings: language and the kinds of mail switched off',
  },
  'mail.outbox': { audience: [], description: 'Read the mail outbox: every queued, sent and failed mail' },
  // Screens without an API permission of their own (ADR 21): who the web shows them to, with the
  // audience of their menu entries. Screens backed by an API use that API's permission instead.
  'screen.myServices': {
    audience: ['serviceProvider', 'cloudServiceDesk'],
    description: 'The My Services screen (New Application and My Services are for service providers)',
  },
  'screen.portfolioMenu': {
    audience: [
      'serviceProvider',
      'cloudServiceDesk',
      'servicePortfolioManager',
      'serviceIntegrationManager',
      'resourcePackageManager',
    ],
    description: 'The service portfolio menu: its public portfolio link and instruction',
  },
  'resourcePackage.review': {
    audience: ['resourcePackageManager'],
    description: 'The Resource Package Review List; approve and reject submitted resource packages',
  },
  'resourceType.manage': {
    audience: [],
    description: 'Add, change, retire and delete resource types and their JSON Schemas (portal manager only)',
  },
  'institution.manage': {
    audience: ['contactManager', 'cloudServiceDesk'],
    description: 'Add, change and delete institutions (centres and service providers)',
  },
  'contact.read': {
    audience: ['contactManager', 'cloudServiceDesk'],
    description: 'Read, search and export the contacts, and the contacts related to a service',
  },
  'contact.manage': {
    audience: ['contactManager', 'cloudServiceDesk'],
    description: "Add, change, relate, delete and erase contacts; export a contact's own data",
  },
  'screen.contactDatabase': {
    audience: ['contactManager', 'cloudServiceDesk'],
    description: 'The contact database and institution screens, with their instruction',
  },
  'screen.voApplication': { audience: ['voManager'], description: 'The New VO Application screen' },
  'screen.myVos': {
    audience: ['voManager', 'voSupervisor', 'servicePortfolioManager'],
    description:
      'The My VOs (VO Registration) screen; supervisors and the portfolio manager find the applications waiting for their review there',
  },
  'screen.virtualOrganisation': {
    audience: 'authenticated',
    description: 'A single VO and its application; the VO decides who sees it',
  },
  'screen.adminPanel': { audience: [], description: 'The admin panel (portal manager only)' },
  // Admin panel sections (portal manager only): docs/adr/0036-admin-panel-sections.md.
  'audit.read': { audience: [], description: 'Read the audit log of the whole portal, filtered and paged' },
  'weighting.manage': {
    audience: [],
    description: "Change the weighting criteria's factors and options; every service's score follows at once",
  },
  'entitlementRole.manage': {
    audience: [],
    description: "Read and change the map from the identity provider's entitlements to roles",
  },
  'voNamePrefix.manage': {
    audience: [],
    description: "Read, add and remove the reserved VO name prefixes, with the centres' abbreviations",
  },
  'roles.read': { audience: [], description: 'Count the users holding each role' },
  'mail.manage': { audience: [], description: 'Send a failed or discarded mail again, or discard one not yet sent' },
  // VO registration (docs/adr/0040-vo-registration.md): the VO itself decides who reads and changes it.
  'vo.read': {
    audience: 'authenticated',
    description:
      "List the own VOs and read one VO, its history and the registration's settings; the VO decides, denied reads look like not-found",
  },
  'vo.create': { audience: ['voManager'], description: 'Start a new VO application' },
  'vo.update': {
    audience: 'authenticated',
    description: "Save a VO application's pages or take a workflow step; the VO and the workflow table decide",
  },
  'vo.review': {
    audience: ['voSupervisor', 'servicePortfolioManager'],
    description: 'Review VO applications: see every VO, approve, send back to draft, make available',
  },
  // The home dashboard: every logged-in user has one; what it holds is decided per object by the domain's rules.
  'dashboard.read': {
    audience: 'authenticated',
    description: 'Read the own dashboard: what waits for the caller, their services, counts and recent activity',
  },
  // Saved views (docs/adr/0044-saved-views.md)
  'savedView.manage': {
    audience: 'authenticated',
    description: 'List, save, rename and delete the own saved views of the lists; another person’s look like not-found',
  },
} as const satisfies Record<string, { audience: Audience; description: string }>;

export type Permission = keyof typeof PERMISSIONS;

/** What an API route declares: a named permission, or 'public' for routes open to everyone. */
export type RouteAccess = Permission | 'public';

export const isPermission = (value: unknown): value is Permission =>
  typeof value === 'string' && Object.hasOwn(PERMISSIONS, value);

export interface Principal {
  id: string;
  username: string;
  roles: readonly string[];
}

const audienceAllows = (audience: Audience, principal: Principal | null): boolean => {
  if (audience === 'public') return true;
  if (!principal) return false;
  if (audience === 'authenticated') return true;
  return hasAnyRole(principal.roles, audience);
};

export const can = (principal: Principal | null, access: RouteAccess): boolean =>
  access === 'public' ? true : audienceAllows(PERMISSIONS[access].audience, principal);
