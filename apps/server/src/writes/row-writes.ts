import { isUuid, type AuditObjectType } from '@nubes/domain';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../auth/principal.js';
import {
  contacts,
  entitlementRoleMappings,
  institutions,
  mailOutbox,
  resourceTypes,
  savedViews,
  voNamePrefixes,
  weightingCriteria,
} from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import type { ContactRecord } from '../model/contact.js';
import type { InstitutionRow } from '../model/institution.js';
import type { ResourceTypeRow } from '../model/resource-type.js';
import type { AfterCommitEffect } from './after-commit.js';
import {
  bumpRow,
  changeObject,
  type ObjectKind,
  type ObjectWrite,
  type VersionedTable,
  type Writes,
} from './pipeline.js';

/** changeObject for one kind of object. */
type ChangeOf<Row, Set, O extends AuditObjectType> = <T>(
  writes: Writes,
  request: ObjectWrite<Row, Set, O, T>,
) => Promise<{ object: Row; value: T }>;

/**
 * An object that is one row of its own table, found by its uuid `id` (or by `key`), which belongs
 * to the portal: the route's permission is the whole policy, so the lock hides nothing but the
 * rows of others (`ownedBy`). Answers its changeObject.
 */
const rowWrites = <T extends VersionedTable, O extends AuditObjectType>(
  objectType: O,
  table: T,
  options: {
    key?: 'key';
    ownedBy?: (principal: AuthUser) => SQL;
    effects?: () => AfterCommitEffect[];
  } = {},
): ChangeOf<T['$inferSelect'], PgUpdateSetSource<T>, O> => {
  type Row = T['$inferSelect'] & { version: number };
  const keyName = options.key ?? 'id';
  const key = getTableColumns(table)[keyName]!;
  const kind: ObjectKind<Row, Row, PgUpdateSetSource<T>, O> = {
    objectType,
    lock: async (tx, id, principal) => {
      if (keyName === 'id' && !isUuid(id)) throw notFound();
      const [row] = await tx
        .select()
        .from(table as PgTable)
        .where(and(eq(key, id), options.ownedBy?.(principal)))
        .for('update');
      if (!row) throw notFound();
      return row as Row;
    },
    idOf: (row) => row[keyName] as string,
    version: (row) => row.version,
    bump: (tx, row, set) => bumpRow(tx, table, eq(key, row[keyName]), row.version, set) as Promise<Row>,
    ...(options.effects ? { effects: options.effects } : {}),
  };
  return (writes, request) => changeObject(writes, kind, request);
};

/** Columns a change may write on an institution's row; the IdP domain is not the screen's to set. */
export type InstitutionSet = Omit<
  PgUpdateSetSource<typeof institutions>,
  'id' | 'domain' | 'version' | 'updatedAt' | 'createdAt'
>;

/** Columns a change may write on a type's row; its key is not among them. */
export type ResourceTypeSet = Omit<
  PgUpdateSetSource<typeof resourceTypes>,
  'id' | 'key' | 'version' | 'updatedAt' | 'createdAt'
>;

export type EntitlementRoleRow = typeof entitlementRoleMappings.$inferSelect;
export type VoNamePrefixRow = typeof voNamePrefixes.$inferSelect;
export type WeightingCriterionRow = typeof weightingCriteria.$inferSelect;
export type SavedViewRow = typeof savedViews.$inferSelect;

/** An institution (Institutions screen): the public portfolio shows providers' names and logos. */
export const changeInstitution: ChangeOf<InstitutionRow, InstitutionSet, 'institution'> = rowWrites(
  'institution',
  institutions,
  { effects: () => [{ kind: 'institutions.changed' }] },
);

/**
 * A resource type (docs/adr/0031-resource-packages.md). A package that names the type takes a
 * key-share lock on this row for its foreign key, so a delete holding this lock and a new package
 * of the type never cross.
 */
export const changeResourceType: ChangeOf<ResourceTypeRow, ResourceTypeSet, 'resourceType'> = rowWrites(
  'resourceType',
  resourceTypes,
);

/** A contact of the contact database (docs/adr/0034-contacts.md). */
export const changeContact: ChangeOf<
  ContactRecord,
  Omit<PgUpdateSetSource<typeof contacts>, 'id' | 'version' | 'updatedAt' | 'createdAt'>,
  'contact'
> = rowWrites('contact', contacts);

/** One pair of the entitlement → role map (docs/adr/0036-admin-panel-sections.md), read at every login. */
export const changeEntitlementRole: ChangeOf<
  EntitlementRoleRow,
  Pick<PgUpdateSetSource<typeof entitlementRoleMappings>, 'entitlement' | 'role'>,
  'entitlementRole'
> = rowWrites('entitlementRole', entitlementRoleMappings);

/** A reserved VO name prefix, read whenever a VO name is checked. */
export const changeVoNamePrefix: ChangeOf<
  VoNamePrefixRow,
  Pick<PgUpdateSetSource<typeof voNamePrefixes>, 'note'>,
  'voNamePrefix'
> = rowWrites('voNamePrefix', voNamePrefixes);

/**
 * A mail of the outbox: the portal manager's retry and discard; the worker's claim columns are not
 * theirs. The worker claims with SKIP LOCKED, so it passes over a mail while the portal manager
 * changes it, and the manager waits for a claim that is being written.
 */
export const changeMail: ChangeOf<
  typeof mailOutbox.$inferSelect,
  Pick<PgUpdateSetSource<typeof mailOutbox>, 'state' | 'tries' | 'nextAttemptAt'>,
  'mail'
> = rowWrites('mail', mailOutbox);

/** A weighting criterion, by its key: every service's score moves with it. */
export const changeWeightingCriterion: ChangeOf<
  WeightingCriterionRow,
  Pick<PgUpdateSetSource<typeof weightingCriteria>, 'factor' | 'options'>,
  'weightingCriterion'
> = rowWrites('weightingCriterion', weightingCriteria, {
  key: 'key',
  effects: () => [{ kind: 'weighting.changed' }],
});

/**
 * A saved view (docs/adr/0044-saved-views.md): only the caller's own; another person's view is not
 * found, exactly like one that does not exist.
 */
export const changeSavedView: ChangeOf<
  SavedViewRow,
  Pick<PgUpdateSetSource<typeof savedViews>, 'name' | 'query' | 'columns'>,
  'savedView'
> = rowWrites('savedView', savedViews, { ownedBy: (principal) => eq(savedViews.userId, principal.id) });
