import {
  isRole,
  type LinkedContact,
  type UserAccount,
  type UserAccountEvent,
  type UserAccountRow,
} from '@nubes/domain';
import type { auditEvents } from '../db/schema.js';
import type { UserAccountRecord } from '../queries/user-accounts.js';
import type { NamedObject } from '../queries/dashboard.js';
import { presentAuditLog } from './audit-log.js';

type AuditRow = typeof auditEvents.$inferSelect;

export const presentUserAccountRow = (row: Omit<UserAccountRecord, 'goneByName'>): UserAccountRow => ({
  id: row.id,
  username: row.username,
  fullname: row.fullname,
  email: row.email,
  institution: row.institution,
  // The two kinds stay apart: portal roles are changed here, IdP roles at the next login.
  roles: row.roles.filter(isRole).sort(),
  entitlementRoles: row.entitlementRoles.filter(isRole).sort(),
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  goneAt: row.goneAt?.toISOString() ?? null,
});

/** The account's events as the audit log shows them, each marked as done by or done to the user. */
const presentEvents = (
  userId: string,
  rows: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, NamedObject>,
): UserAccountEvent[] =>
  presentAuditLog(rows, names, objectNames).map(({ actorId: _actorId, ...entry }) => ({
    ...entry,
    as: entry.objectType === 'user' && entry.objectId === userId ? 'object' : 'actor',
  }));

export const presentUserAccount = (
  row: UserAccountRecord,
  events: readonly AuditRow[],
  names: ReadonlyMap<string, string>,
  objectNames: ReadonlyMap<string, NamedObject>,
  canManageRoles: boolean,
  canMarkGone: boolean,
  contact: LinkedContact | null,
): UserAccount => ({
  ...presentUserAccountRow(row),
  internalId: row.internalId,
  organisation: row.organisation,
  groups: row.groups.map((group) => ({ id: group.id, name: group.name })),
  events: presentEvents(row.id, events, names, objectNames),
  canManageRoles,
  canMarkGone,
  gone:
    row.goneAt && row.goneSource
      ? {
          at: row.goneAt.toISOString(),
          source: row.goneSource,
          byName: row.goneByName ?? null,
          reason: row.goneReason ?? '',
        }
      : null,
  version: row.version,
  contact,
});
