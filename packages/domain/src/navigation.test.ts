import { describe, expect, it } from 'vitest';
import { navigationFor } from './navigation.js';

const groups = (roles: string[]) => navigationFor(roles).map((g) => g.key);
const entries = (roles: string[], group: string) =>
  navigationFor(roles)
    .find((g) => g.key === group)
    ?.entries.map((e) => e.key) ?? [];

describe('navigation by role (SPEC §6, DESIGN §1)', () => {
  it('shows no group to a user without roles', () => {
    expect(groups([])).toEqual([]);
  });

  it('shows every group to the portal manager', () => {
    expect(groups(['portalManager'])).toEqual(['servicePortfolio', 'contactDatabase', 'voRegistration', 'adminPanel']);
  });

  it('gives service providers the portfolio with new application and my services', () => {
    expect(groups(['serviceProvider'])).toEqual(['servicePortfolio']);
    expect(entries(['serviceProvider'], 'servicePortfolio')).toEqual(
      expect.arrayContaining(['newApplication', 'myServices', 'publicPortfolio', 'instruction']),
    );
    expect(entries(['serviceProvider'], 'servicePortfolio')).not.toContain('integrationList');
  });

  it('gives portfolio and integration managers their lists but not new application', () => {
    expect(entries(['servicePortfolioManager'], 'servicePortfolio')).toEqual(
      expect.arrayContaining(['integrationList', 'fieldList', 'reviewList', 'changeRequestList']),
    );
    expect(entries(['servicePortfolioManager'], 'servicePortfolio')).not.toContain('newApplication');
    expect(entries(['serviceIntegrationManager'], 'servicePortfolio')).not.toContain('reviewList');
    expect(entries(['resourcePackageManager'], 'servicePortfolio')).toContain('resourcePackageReviewList');
  });

  it('gives the contact database to contact managers and the service desk', () => {
    expect(groups(['contactManager'])).toEqual(['contactDatabase']);
    expect(groups(['cloudServiceDesk'])).toEqual(['servicePortfolio', 'contactDatabase']);
  });

  it('gives VO registration to VO managers and, with My VOs only, to supervisors', () => {
    expect(entries(['voManager'], 'voRegistration')).toEqual(['newVo', 'myVos']);
    expect(entries(['voSupervisor'], 'voRegistration')).toEqual(['myVos']);
  });
});
