import { hasAnyRole, type Role } from './roles.js';

/**
 * Who may call an API operation, before any object-level policy runs.
 * - 'public': anyone, also without a session
 * - 'authenticated': any logged-in user (object policies may narrow it further)
 * - a list of roles: logged-in users holding one of them (portalManager always passes)
 */
export type Audience = 'public' | 'authenticated' | readonly Role[];

/**
 * Every named permission and who holds it. What each one allows is its doc comment rather than a
 * field: the table is part of the web's first JavaScript, and nothing reads the words at run time.
 */
export const PERMISSIONS = {
  /** Renew the own session token */
  'session.renew': { audience: 'authenticated' },
  /** See the own sessions and end any of them */
  'session.own': { audience: 'authenticated' },
  /** Read a user account: the own one, or any with user.readAny */
  'user.read': {
    audience: 'authenticated',
  },
  /** Read any user account */
  'user.readAny': {
    audience: ['portalManager', 'contactManager', 'cloudServiceDesk'],
  },
  /** Give and take the roles of a user account (portal managers only) */
  'user.manageRoles': {
    audience: [],
  },
  /** End every session of a user account (portal managers only) */
  'user.endSessions': {
    audience: [],
  },
  /** Mark a person gone (they left their institution) and bring them back (portal managers only) */
  'user.markGone': {
    audience: [],
  },
  /** See what a gone person holds and hand it to other people (docs/adr/0123-people-who-leave.md) */
  'user.handover': {
    audience: ['servicePortfolioManager'],
  },
  /** Find users by name or e-mail, to assign them to a service */
  'user.search': {
    audience: [
      'serviceProvider',
      'cloudServiceDesk',
      'servicePortfolioManager',
      'serviceIntegrationManager',
      'contactManager',
    ],
  },
  /** List the institutions (providers, centres) */
  'institution.list': { audience: 'authenticated' },
  /** List the service portfolio (drafts only of the own services) */
  'service.list': {
    audience: ['serviceProvider', 'cloudServiceDesk', 'servicePortfolioManager', 'serviceIntegrationManager'],
  },
  /** List the services the caller is provider side of */
  'service.listOwn': { audience: 'authenticated' },
  /** Start a new service application */
  'service.create': {
    audience: ['serviceProvider', 'cloudServiceDesk'],
  },
  /** Create a service under any centre (provider institution), or move one there; everyone else only under their own (mayPlaceServiceUnder) */
  'service.anyCentre': {
    audience: ['servicePortfolioManager'],
  },
  /** Read one service; the service policy decides, denied reads look like not-found */
  'service.read': {
    audience: 'authenticated',
  },
  /** Change a service: fields, roles, workflow state, documents, comments; the service policy decides */
  'service.update': {
    audience: 'authenticated',
  },
  /** The Service Integration List, by weighted score */
  'service.integrationList': {
    audience: ['servicePortfolioManager', 'serviceIntegrationManager'],
  },
  /** The Service Field List: one field of the catalogue across the services the caller may see */
  'service.fieldList': {
    audience: ['servicePortfolioManager', 'serviceIntegrationManager'],
  },
  /** Clear an optional field on many services at once (not on retired services) */
  'service.clearField': {
    audience: ['servicePortfolioManager'],
  },
  /** The Change Request List: change requests across services */
  'changeRequest.list': {
    audience: ['servicePortfolioManager'],
  },
  /** Decide the fields of a change request, release and apply it */
  'changeRequest.decide': {
    audience: ['servicePortfolioManager'],
  },
  /** List keywords */
  'keyword.read': { audience: 'authenticated' },
  /** Create keywords */
  'keyword.create': {
    audience: ['serviceProvider', 'cloudServiceDesk', 'servicePortfolioManager', 'serviceIntegrationManager'],
  },
  /** Read the weighting criteria */
  'weighting.read': { audience: 'authenticated' },
  /** The Service Review List: every reviewable service with its review status */
  'review.list': {
    audience: ['servicePortfolioManager'],
  },
  /** Start, stop and end reviews, for one service or every service of a filtered list */
  'review.manage': {
    audience: ['servicePortfolioManager'],
  },
  /** Mark a service a pilot or a regular service, extend a pilot once, and list the pilots ending (docs/adr/0121-pilot-services.md) */
  'pilot.manage': {
    audience: ['servicePortfolioManager'],
  },
  /**
   * Announce, end early, extend and cancel a service's downtimes (docs/adr/0124-announced-downtimes.md):
   * any logged-in user; the service's provider side and the portfolio manager (canManageDowntimes) decide
   */
  'downtime.manage': {
    audience: 'authenticated',
  },
  /** List the resource types with their JSON Schemas */
  'resourceType.read': { audience: 'authenticated' },
  /** Read and change the own mail settings: language and the kinds of mail switched off */
  'mail.settings': {
    audience: 'authenticated',
  },
  /** Read the mail outbox: every queued, sent and failed mail */
  'mail.outbox': { audience: [] },
  // Screens without an API permission of their own (ADR 21): who the web shows them to, with the
  // audience of their menu entries. Screens backed by an API use that API's permission instead.
  /** The My Services screen (New Application and My Services are for service providers) */
  'screen.myServices': {
    audience: ['serviceProvider', 'cloudServiceDesk'],
  },
  /** The service portfolio menu: its public portfolio link and instruction */
  'screen.portfolioMenu': {
    audience: [
      'serviceProvider',
      'cloudServiceDesk',
      'servicePortfolioManager',
      'serviceIntegrationManager',
      'resourcePackageManager',
    ],
  },
  /** The Resource Package Review List; approve and reject submitted resource packages */
  'resourcePackage.review': {
    audience: ['resourcePackageManager'],
  },
  /** Add, change, retire and delete resource types and their JSON Schemas (portal manager only) */
  'resourceType.manage': {
    audience: [],
  },
  /** Add, change and delete institutions (centres and service providers) */
  'institution.manage': {
    audience: ['contactManager', 'cloudServiceDesk'],
  },
  /** Read, search and export the contacts, and the contacts related to a service */
  'contact.read': {
    audience: ['contactManager', 'cloudServiceDesk'],
  },
  /** Add, change, relate, delete and erase contacts; export a contact's own data */
  'contact.manage': {
    audience: ['contactManager', 'cloudServiceDesk'],
  },
  /** The contact database and institution screens, with their instruction */
  'screen.contactDatabase': {
    audience: ['contactManager', 'cloudServiceDesk'],
  },
  /** The New VO Application screen */
  'screen.voApplication': { audience: ['voManager'] },
  /** The My VOs (VO Registration) screen; supervisors and the portfolio manager find the applications waiting for their review there */
  'screen.myVos': {
    audience: ['voManager', 'voSupervisor', 'servicePortfolioManager'],
  },
  /** A single VO and its application; the VO decides who sees it */
  'screen.virtualOrganisation': {
    audience: 'authenticated',
  },
  /** The admin panel (portal manager only) */
  'screen.adminPanel': { audience: [] },
  // Admin panel sections (portal manager only): docs/adr/0036-admin-panel-sections.md.
  /** Read the audit log of the whole portal, filtered and paged */
  'audit.read': { audience: [] },
  /** Change the weighting criteria's factors and options; every service's score follows at once */
  'weighting.manage': {
    audience: [],
  },
  /** Read and change the map from the identity provider's entitlements to roles */
  'entitlementRole.manage': {
    audience: [],
  },
  /** Read, add and remove the reserved VO name prefixes, with the centres' abbreviations */
  'voNamePrefix.manage': {
    audience: [],
  },
  /** Count the users holding each role */
  'roles.read': { audience: [] },
  /** Send a failed or discarded mail again, or discard one not yet sent */
  'mail.manage': { audience: [] },
  /** Read the timed jobs' last and next runs and errors, and run one now (docs/adr/0115-one-scheduler-for-timed-work.md) */
  'scheduledJob.manage': { audience: [] },
  // VO registration (docs/adr/0040-vo-registration.md): the VO itself decides who reads and changes it.
  /** List the own VOs and read one VO, its history and the registration's settings; the VO decides, denied reads look like not-found */
  'vo.read': {
    audience: 'authenticated',
  },
  /** Start a new VO application */
  'vo.create': { audience: ['voManager'] },
  /** Save a VO application's pages or take a workflow step; the VO and the workflow table decide */
  'vo.update': {
    audience: 'authenticated',
  },
  /** Review VO applications: see every VO, approve, send back to draft, make available */
  'vo.review': {
    audience: ['voSupervisor', 'servicePortfolioManager'],
  },
  // The home dashboard: every logged-in user has one; what it holds is decided per object by the domain's rules.
  /** Read the own dashboard: what waits for the caller, their services, counts and recent activity */
  'dashboard.read': {
    audience: 'authenticated',
  },
  // Asking for access (docs/adr/0082-home-queues-and-asking-for-access.md)
  /** Ask the portal management for access to a screen; they give the role in User Accounts */
  'access.request': {
    audience: 'authenticated',
  },
  // Saved views (docs/adr/0044-saved-views.md)
  /** List, save, rename and delete the own saved views of the lists; another person’s look like not-found */
  'savedView.manage': {
    audience: 'authenticated',
  },
  // Personal API tokens (docs/adr/0113-personal-api-tokens.md)
  /** Make, list and revoke the own API tokens */
  'apiToken.own': { audience: 'authenticated' },
  /** See every API token of the portal and revoke any of them (portal managers only) */
  'apiToken.manage': { audience: [] },
  // The event feed and webhooks (docs/adr/0120-event-feed-and-signed-webhooks.md)
  /** Read the event feed: each event's object decides whether the caller sees it */
  'event.read': { audience: 'authenticated' },
  /** Register webhook endpoints, rotate their secrets, read their deliveries and deliver again (portal managers only) */
  'webhook.manage': { audience: [] },
} as const satisfies Record<string, { audience: Audience }>;

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
