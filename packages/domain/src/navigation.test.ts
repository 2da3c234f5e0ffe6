import { describe, expect, it } from 'vitest';
import { navigationFor, NAVIGATION } from './navigation.js';
import { ROLES } from './roles.js';
import { routeById } from './routes.js';

const groups = (roles: string[]) => navigationFor(roles).map((g) => g.key);
const entries = (roles: string[], group: string) =>
  navigationFor(roles)
    .find((g) => g.key === group)
    ?.entries.map((e) => e.key) ?? [];

describe('navigation by permission, built screens only (ADR 21)', () => {
  it('shows no group to a user without roles', () => {
    expect(groups([])).toEqual([]);
  });

  it('offers only routes whose screen is built', () => {
    for (const group of navigationFor(['portalManager'])) {
      for (const entry of group.entries)
        if (entry.route) expect(routeById(entry.route).hasScreen, entry.key).toBe(true);
    }
  });

  it('gives VO managers the VO registration with a new application and My VOs, supervisors My VOs only', () => {
    expect(groups(['voManager'])).toEqual(['voRegistration']);
    expect(entries(['voManager'], 'voRegistration')).toEqual(['newVo', 'myVos']);
    expect(entries(['voSupervisor'], 'voRegistration')).toEqual(['myVos']);
    expect(groups(['portalManager'])).toEqual(['servicePortfolio', 'contactDatabase', 'voRegistration', 'adminPanel']);
  });

  it('gives contact managers, the service desk and the portal manager the contact database: contacts, institutions and user accounts', () => {
    expect(groups(['contactManager'])).toEqual(['contactDatabase']);
    for (const role of ['contactManager', 'cloudServiceDesk', 'portalManager'])
      expect(entries([role], 'contactDatabase'), role).toEqual([
        'contacts',
        'institutions',
        'userAccounts',
        'instructionPage',
        'instruction',
      ]);
    expect(entries(['serviceProvider'], 'contactDatabase')).toEqual([]);
  });

  it('gives service providers the portfolio with new application and my services', () => {
    expect(groups(['serviceProvider'])).toEqual(['servicePortfolio']);
    expect(entries(['serviceProvider'], 'servicePortfolio')).toEqual([
      'portfolio',
      'newApplication',
      'myServices',
      'publicPortfolio',
      'instructionPage',
      'instruction',
    ]);
    expect(entries(['cloudServiceDesk'], 'servicePortfolio')).toContain('newApplication');
  });

  it('gives portfolio and integration managers their integration and field lists but not new application or my services', () => {
    expect(entries(['servicePortfolioManager'], 'servicePortfolio')).toEqual([
      'portfolio',
      'integrationList',
      'fieldList',
      'reviewList',
      'pilotsEnding',
      'changeRequestList',
      'handover',
      'publicPortfolio',
      'instructionPage',
      'instruction',
    ]);
    expect(entries(['serviceIntegrationManager'], 'servicePortfolio')).toEqual(
      expect.arrayContaining(['integrationList', 'fieldList']),
    );
    expect(entries(['serviceIntegrationManager'], 'servicePortfolio')).not.toContain('reviewList');
    expect(entries(['serviceProvider'], 'servicePortfolio')).not.toContain('fieldList');
    expect(entries(['serviceIntegrationManager'], 'servicePortfolio')).not.toContain('changeRequestList');
  });

  it('gives the handover of gone people to the portfolio and portal managers only', () => {
    for (const role of ['servicePortfolioManager', 'portalManager'])
      expect(entries([role], 'servicePortfolio'), role).toContain('handover');
    for (const role of ROLES.filter((r) => r !== 'servicePortfolioManager' && r !== 'portalManager'))
      expect(
        navigationFor([role]).flatMap((g) => g.entries.map((e) => e.key)),
        role,
      ).not.toContain('handover');
  });

  it('gives the resource package manager the review list, the public portfolio and the instruction', () => {
    expect(entries(['resourcePackageManager'], 'servicePortfolio')).toEqual([
      'resourcePackageReviewList',
      'publicPortfolio',
      'instructionPage',
      'instruction',
    ]);
  });

  it('puts each instruction page beside its PDF, for the same audience', () => {
    const portfolio = NAVIGATION.find((g) => g.key === 'servicePortfolio')!.entries;
    const contacts = NAVIGATION.find((g) => g.key === 'contactDatabase')!.entries;
    expect(portfolio.find((e) => e.key === 'instructionPage')?.route).toBe('instructionsServicePortfolio');
    expect(contacts.find((e) => e.key === 'instructionPage')?.route).toBe('instructionsContactDatabase');
  });

  it('names only routes of the route table', () => {
    for (const group of NAVIGATION) for (const entry of group.entries) if (entry.route) routeById(entry.route);
  });
});
