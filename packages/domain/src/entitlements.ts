import { isRole, type Role } from './roles.js';

export interface EntitlementMapping {
  /** `<prefix><roleKey>` grants that role, e.g. urn:geant:nubes.example:role:serviceProvider. */
  prefix: string;
  /** Explicit entitlement → role pairs for IdPs whose values do not follow the prefix. */
  map: Readonly<Record<string, Role>>;
}

/**
 * Roles from the eduperson_entitlement claim (docs/domain.md#roles). AARC-style values may carry a
 * `#authority` suffix, which is ignored.
 */
export const rolesFromEntitlements = (claim: unknown, mapping: EntitlementMapping): Role[] => {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const roles = new Set<Role>();
  for (const raw of values) {
    if (typeof raw !== 'string') continue;
    const value = raw.split('#')[0] ?? '';
    const mapped = mapping.map[raw] ?? mapping.map[value];
    if (mapped) roles.add(mapped);
    if (mapping.prefix && value.startsWith(mapping.prefix)) {
      const key = value.slice(mapping.prefix.length);
      if (isRole(key)) roles.add(key);
    }
  }
  return [...roles].sort();
};
