/** A group the identity provider says the person belongs to, as the user account shows it. */
export interface IdpGroup {
  /** The entitlement value without the membership role and the authority: stable across logins. */
  id: string;
  /** The group path after the prefix, subgroups joined with " / ". */
  name: string;
}

/** Bounds on what an IdP can make the portal store for one person (the claim comes from outside). */
const MAX_GROUPS = 200;
const MAX_ID_LENGTH = 500;

const decode = (part: string): string => {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
};

/**
 * Group memberships from eduperson_entitlement values in the AARC-G002 form
 * `<prefix><group>[:<subgroup>…][:role=<role>]#<authority>` (ADR 0038). The membership role and
 * the authority are dropped, so a member and a manager of one group are one group; values without
 * the prefix are not groups. Sorted by name, each group once.
 */
export const groupsFromEntitlements = (claim: unknown, prefix: string): IdpGroup[] => {
  if (!prefix) return [];
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  const groups = new Map<string, IdpGroup>();
  for (const raw of values) {
    if (typeof raw !== 'string') continue;
    const id = (raw.split('#')[0] ?? '').replace(/:role=[^:]*$/, '');
    if (!id.startsWith(prefix) || id.length > MAX_ID_LENGTH) continue;
    const path = id
      .slice(prefix.length)
      .split(':')
      .filter((part) => part !== '')
      .map(decode);
    if (path.length === 0 || groups.has(id)) continue;
    groups.set(id, { id, name: path.join(' / ') });
    if (groups.size === MAX_GROUPS) break;
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
};
