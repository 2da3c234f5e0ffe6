import { hasAnyRole, type Role } from './roles.js';
import type { RouteId } from './routes.js';

/**
 * Top navigation (SPEC §6 completed by DESIGN §1). A group is shown whenever it holds at least
 * one entry for the user; portalManager sees every entry.
 */
export interface NavEntry {
  key: string;
  labelKey: string;
  roles: readonly Role[];
  route?: RouteId;
  /** Documents open in a new tab (SPEC §2). */
  href?: string;
}

export interface NavGroup {
  key: 'servicePortfolio' | 'contactDatabase' | 'voRegistration' | 'adminPanel';
  labelKey: string;
  entries: readonly NavEntry[];
}

const PORTFOLIO_USERS: readonly Role[] = ['serviceProvider', 'cloudServiceDesk'];
const PORTFOLIO_READERS: readonly Role[] = [...PORTFOLIO_USERS, 'servicePortfolioManager', 'serviceIntegrationManager'];
const PORTFOLIO_MENU: readonly Role[] = [...PORTFOLIO_READERS, 'resourcePackageManager'];
const SPM_SIM: readonly Role[] = ['servicePortfolioManager', 'serviceIntegrationManager'];
const CONTACT_MENU: readonly Role[] = ['contactManager', 'cloudServiceDesk'];

export const SERVICE_PORTFOLIO_INSTRUCTION = '/static/instructions/service-portfolio.pdf';
export const CONTACT_DATABASE_INSTRUCTION = '/static/instructions/contact-database.pdf';

export const NAVIGATION: readonly NavGroup[] = [
  {
    key: 'servicePortfolio',
    labelKey: 'nav.servicePortfolio',
    entries: [
      { key: 'portfolio', labelKey: 'routes.servicePortfolio', route: 'servicePortfolio', roles: PORTFOLIO_READERS },
      { key: 'newApplication', labelKey: 'nav.newApplication', route: 'serviceApplication', roles: PORTFOLIO_USERS },
      { key: 'myServices', labelKey: 'routes.myServices', route: 'myServices', roles: PORTFOLIO_USERS },
      {
        key: 'integrationList',
        labelKey: 'routes.serviceIntegrationList',
        route: 'serviceIntegrationList',
        roles: SPM_SIM,
      },
      { key: 'fieldList', labelKey: 'routes.serviceFieldList', route: 'serviceFieldList', roles: SPM_SIM },
      { key: 'reviewList', labelKey: 'routes.reviewList', route: 'reviewList', roles: ['servicePortfolioManager'] },
      {
        key: 'changeRequestList',
        labelKey: 'routes.changeRequestList',
        route: 'changeRequestList',
        roles: ['servicePortfolioManager'],
      },
      {
        key: 'resourcePackageReviewList',
        labelKey: 'routes.resourcePackageReviewList',
        route: 'resourcePackageReviewList',
        roles: ['resourcePackageManager'],
      },
      {
        key: 'publicPortfolio',
        labelKey: 'routes.publicServicePortfolio',
        route: 'publicServicePortfolio',
        roles: PORTFOLIO_MENU,
      },
      { key: 'instruction', labelKey: 'nav.instruction', href: SERVICE_PORTFOLIO_INSTRUCTION, roles: PORTFOLIO_MENU },
    ],
  },
  {
    key: 'contactDatabase',
    labelKey: 'nav.contactDatabase',
    entries: [
      { key: 'contacts', labelKey: 'routes.contactDatabase', route: 'contactDatabase', roles: CONTACT_MENU },
      { key: 'institutions', labelKey: 'routes.institutions', route: 'institutions', roles: CONTACT_MENU },
      { key: 'userAccounts', labelKey: 'routes.userAccounts', route: 'userAccounts', roles: CONTACT_MENU },
      { key: 'instruction', labelKey: 'nav.instruction', href: CONTACT_DATABASE_INSTRUCTION, roles: CONTACT_MENU },
    ],
  },
  {
    key: 'voRegistration',
    labelKey: 'nav.voRegistration',
    entries: [
      { key: 'newVo', labelKey: 'routes.voApplication', route: 'voApplication', roles: ['voManager'] },
      { key: 'myVos', labelKey: 'routes.myVos', route: 'myVos', roles: ['voManager', 'voSupervisor'] },
    ],
  },
  {
    key: 'adminPanel',
    labelKey: 'nav.adminPanel',
    entries: [{ key: 'adminPanel', labelKey: 'routes.adminPanel', route: 'adminPanel', roles: [] }],
  },
];

/** The groups and entries this user sees, empty groups removed. */
export const navigationFor = (roles: readonly string[]): NavGroup[] =>
  NAVIGATION.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => hasAnyRole(roles, entry.roles)),
  })).filter((group) => group.entries.length > 0);
