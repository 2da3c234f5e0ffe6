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

// Each at their home organisation's domain, as the AAI releases them.
export const DEMO_ACCOUNTS: readonly DemoAccount[] = (
  [
    {
      username: 'alice',
      name: 'Alice Adler',
      roles: ['serviceProvider'],
      organisation: 'hpc-north.example',
      groups: ['hpc-north:staff', 'hpc-north:storage-team'],
    },
    {
      username: 'bob',
      name: 'Bob Berger',
      roles: ['serviceProvider'],
      organisation: 'datacenter-south.example',
      groups: ['datacenter-south:staff', 'datacenter-south:cloud-operations'],
    },
    {
      username: 'paula',
      name: 'Paula Peters',
      roles: ['servicePortfolioManager'],
      organisation: 'nubes-office.example',
      groups: ['nubes-office:staff', 'nubes-office:portfolio-board'],
    },
    {
      username: 'ivan',
      name: 'Ivan Ivanov',
      roles: ['serviceIntegrationManager'],
      organisation: 'nubes-office.example',
      groups: ['nubes-office:staff', 'nubes-office:integration'],
    },
    {
      username: 'carla',
      name: 'Carla Conti',
      roles: ['contactManager'],
      organisation: 'nubes-office.example',
      groups: ['nubes-office:staff', 'nubes-office:stakeholder-relations'],
    },
    {
      username: 'desk',
      name: 'Dana Desk',
      roles: ['cloudServiceDesk'],
      organisation: 'nubes-office.example',
      groups: ['nubes-office:staff', 'nubes-office:service-desk'],
    },
    {
      username: 'rita',
      name: 'Rita Richter',
      roles: ['resourcePackageManager'],
      organisation: 'hpc-north.example',
      groups: ['hpc-north:staff', 'nubes-office:resource-board'],
    },
    {
      username: 'victor',
      name: 'Victor Vogel',
      roles: ['voManager'],
      organisation: 'datacenter-south.example',
      groups: ['datacenter-south:staff', 'vo-climate-sim'],
    },
    {
      username: 'sven',
      name: 'Sven Schulz',
      roles: ['voSupervisor'],
      organisation: 'nubes-office.example',
      groups: ['nubes-office:staff', 'vo-climate-sim:supervisors'],
    },
    {
      username: 'nora',
      name: 'Nora Neumann',
      roles: [],
      organisation: 'university-west.example',
      groups: ['university-west:researchers'],
    },
  ] satisfies Omit<DemoAccount, 'email'>[]
).map((account) => ({ ...account, email: `${account.username}@${account.organisation}` }));

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
