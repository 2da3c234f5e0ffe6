import { describe, expect, it } from 'vitest';
import { groupsFromEntitlements } from './idp-groups.js';

const prefix = 'urn:geant:nubes.example:group:';

describe('groups from eduperson_entitlement (AARC-G002)', () => {
  it('reads group and subgroups, dropping the membership role and the authority', () => {
    expect(
      groupsFromEntitlements(
        [
          'urn:geant:nubes.example:group:hpc-north:storage-team:role=member#aai.nubes.example',
          'urn:geant:nubes.example:group:hpc-north#aai.nubes.example',
          'urn:geant:nubes.example:role:serviceProvider#aai.nubes.example',
        ],
        prefix,
      ),
    ).toEqual([
      { id: 'urn:geant:nubes.example:group:hpc-north', name: 'hpc-north' },
      { id: 'urn:geant:nubes.example:group:hpc-north:storage-team', name: 'hpc-north / storage-team' },
    ]);
  });

  it('names a group once when the person is member and manager of it, and decodes escaped characters', () => {
    expect(
      groupsFromEntitlements(
        [
          'urn:geant:nubes.example:group:K%C3%BCstenlabor:role=manager',
          'urn:geant:nubes.example:group:K%C3%BCstenlabor:role=member',
          'urn:geant:nubes.example:group:bad%E0',
        ],
        prefix,
      ),
    ).toEqual([
      { id: 'urn:geant:nubes.example:group:bad%E0', name: 'bad%E0' },
      { id: 'urn:geant:nubes.example:group:K%C3%BCstenlabor', name: 'Küstenlabor' },
    ]);
  });

  it('takes a single string, ignores other values, empty paths and overlong ones, and is off without a prefix', () => {
    expect(groupsFromEntitlements('urn:geant:nubes.example:group:vo-a', prefix)).toEqual([
      { id: 'urn:geant:nubes.example:group:vo-a', name: 'vo-a' },
    ]);
    expect(groupsFromEntitlements([42, null, prefix, `${prefix}${'x'.repeat(600)}`], prefix)).toEqual([]);
    expect(groupsFromEntitlements(undefined, prefix)).toEqual([]);
    expect(groupsFromEntitlements(['urn:geant:nubes.example:group:vo-a'], '')).toEqual([]);
  });

  it('keeps at most 200 groups of one person', () => {
    const many = Array.from({ length: 250 }, (_, i) => `${prefix}g${String(i).padStart(3, '0')}`);
    expect(groupsFromEntitlements(many, prefix)).toHaveLength(200);
  });
});
