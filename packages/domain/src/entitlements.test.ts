import { describe, expect, it } from 'vitest';
import { rolesFromEntitlements } from './entitlements.js';

const mapping = {
  prefix: 'urn:geant:nubes.example:role:',
  map: { 'urn:mace:egi.eu:group:spm': 'servicePortfolioManager' as const },
};

describe('roles from eduperson_entitlement', () => {
  it('maps prefixed role keys and ignores the authority suffix', () => {
    expect(
      rolesFromEntitlements(
        ['urn:geant:nubes.example:role:serviceProvider#aai.nubes.example', 'urn:other:thing'],
        mapping,
      ),
    ).toEqual(['serviceProvider']);
  });

  it('maps explicit pairs and ignores unknown role keys', () => {
    expect(
      rolesFromEntitlements(['urn:mace:egi.eu:group:spm', 'urn:geant:nubes.example:role:emperor'], mapping),
    ).toEqual(['servicePortfolioManager']);
  });

  it('accepts a single string and nothing at all', () => {
    expect(rolesFromEntitlements('urn:geant:nubes.example:role:voManager', mapping)).toEqual(['voManager']);
    expect(rolesFromEntitlements(undefined, mapping)).toEqual([]);
    expect(rolesFromEntitlements([42, null], mapping)).toEqual([]);
  });
});
