import type { Role } from '@nubes/domain';

/** The demo logins (docs/domain.md#demo-people). The password of each is its username; the IdP serves them in development only. */
export interface DemoAccount {
  username: string;
  name: string;
  email: string;
  roles: readonly Role[];
  /** Home organisation (schac_home_organization): the centre the person works at. */
  organisation: string;
  /** Group paths the AAI releases as group entitlements (ADR 0038), subgroups after a colon. */
  groups: readonly string[];
  /**
   * The account's status the AAI releases (voperson_status), when not simply active: an expired
   * account shows how a login's claims mark a person gone (docs/adr/0123-people-who-leave.md).
   */
  status?: string;
}

/**
 * A demo login as a row: its role (at most one), its home organisation without `.example`, its
 * groups separated by spaces.
 */
type AccountRow = [username: string, name: string, role: Role | null, organisation: string, groups: string];

// One login a line, so that the table reads across.
// prettier-ignore
const ACCOUNT_ROWS: readonly AccountRow[] = [
  ['alice', 'Alice Adler', 'serviceProvider', 'hpc-north', 'hpc-north:staff hpc-north:storage-team'],
  ['bob', 'Bob Berger', 'serviceProvider', 'datacenter-south', 'datacenter-south:staff datacenter-south:cloud-operations'],
  ['paula', 'Paula Peters', 'servicePortfolioManager', 'nubes-office', 'nubes-office:staff nubes-office:portfolio-board'],
  ['ivan', 'Ivan Ivanov', 'serviceIntegrationManager', 'nubes-office', 'nubes-office:staff nubes-office:integration'],
  ['carla', 'Carla Conti', 'contactManager', 'nubes-office', 'nubes-office:staff nubes-office:stakeholder-relations'],
  ['desk', 'Dana Desk', 'cloudServiceDesk', 'nubes-office', 'nubes-office:staff nubes-office:service-desk'],
  ['rita', 'Rita Richter', 'resourcePackageManager', 'hpc-north', 'hpc-north:staff nubes-office:resource-board'],
  ['victor', 'Victor Vogel', 'voManager', 'datacenter-south', 'datacenter-south:staff vo-climate-sim'],
  ['sven', 'Sven Schulz', 'voSupervisor', 'nubes-office', 'nubes-office:staff vo-climate-sim:supervisors'],
  ['nora', 'Nora Neumann', null, 'university-west', 'university-west:researchers'],
];

// Each at their home organisation's domain, as the AAI releases them.
export const DEMO_ACCOUNTS: readonly DemoAccount[] = ACCOUNT_ROWS.map(
  ([username, name, role, organisation, groups]) => ({
    username,
    name,
    roles: role ? [role] : [],
    organisation: `${organisation}.example`,
    groups: groups.split(' '),
    email: `${username}@${organisation}.example`,
  }),
);

/**
 * A person who has left: the AAI still knows her, but releases her account as expired, so her
 * login marks her gone and is refused (docs/adr/0123-people-who-leave.md). Apart from the demo
 * logins, which the tests and the demo data take as the people who work in the portal.
 */
export const FORMER_DEMO_ACCOUNT: DemoAccount = {
  username: 'greta',
  name: 'Greta Lindqvist',
  email: 'greta@university-west.example',
  roles: ['serviceProvider'],
  organisation: 'university-west.example',
  groups: ['university-west:staff'],
  status: 'expired',
};

const ENTITLEMENT_AUTHORITY = '#aai.nubes.example';

export const findDemoAccount = (username: string): DemoAccount | undefined =>
  [...DEMO_ACCOUNTS, FORMER_DEMO_ACCOUNT].find((account) => account.username === username);

/** The eduperson_entitlement values a real AAI would release for these roles. */
export const entitlementsFor = (account: DemoAccount, prefix: string): string[] =>
  account.roles.map((role) => `${prefix}${role}${ENTITLEMENT_AUTHORITY}`);

/** The group entitlements an AARC-style AAI would release: every membership as a plain member. */
export const groupEntitlementsFor = (account: DemoAccount, prefix: string): string[] =>
  prefix ? account.groups.map((group) => `${prefix}${group}:role=member${ENTITLEMENT_AUTHORITY}`) : [];
