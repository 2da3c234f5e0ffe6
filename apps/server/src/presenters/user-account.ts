import {
  isRole,
  type LinkedContact,
  type UserAccount,
  type UserAccountEvent,
  type UserAccountRow,
} from '@nubes/domain';
import type { auditEvents } from '../db/schema.js';
import type { UserAccountRecord } from '../queries/user-accounts.js';
import { presentEventObject } from './object-link.js';
import type { NamedObject } from '../queries/dashboard.js';
import { presentServiceHistory } from './service-history.js';

type AuditRow = typeof auditEvents.$inferSelect;

export const presentUserAccountRow = (row: UserAccountRecord): UserAccountRow => ({
  id: row.id,
  username: row.username,
  fullname: row.fullname,
  email: row.email,
  institution:
    row.institutionId && row.institutionAbbreviation !== null && row.institutionName !== null
      ? { id: row.institutionId, abbreviation: row.institutionAbbreviation, name: row.institutionName }
      : null,
  // The two kinds stay apart: portal roles are changed here, IdP roles at the next login.
  roles: row.roles.filter(isRole).sort(),
  entitlementRoles: row.entitlementRoles.filter(isRole).sort(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
});

/** The account's events as the service history shows them, each marked as done by or done to the user. */
const presentEvents = (
  userId: string,
  rows: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, NamedObject>,
): UserAccountEvent[] => {
  const entries = presentServiceHistory(rows, names);
  return rows.map((row, index) => ({
    ...entries[index]!,
    objectType: row.objectType,
    objectId: row.objectId,
    ...presentEventObject(row, objectNames.get(row.objectId)),
    as: row.objectType === 'user' && row.objectId === userId ? 'object' : 'actor',
  }));
};

export const presentUserAccount = (
  row: UserAccountRecord,
  events: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, NamedObject>,
  canManageRoles: boolean,
  contact: LinkedContact | null,
): UserAccount => ({
  ...presentUserAccountRow(row),
  internalId: row.internalId,
  organisation: row.organisation,
  groups: row.groups.map((group) => ({ id: group.id, name: group.name })),
  events: presentEvents(row.id, events, names, objectNames),
  canManageRoles,
  contact,
});
