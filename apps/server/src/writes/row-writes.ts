import { isUuid, type AuditEvent, type AuditObjectType } from '@nubes/domain';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import {
  contacts,
  entitlementRoleMappings,
  institutions,
  mailOutbox,
  resourceTypes,
  savedViews,
  users,
  voNamePrefixes,
  webhookEndpoints,
  weightingCriteria,
} from '../db/schema.js';
import { refuseDuplicates } from '../db/unique-violation.js';
import { notFound } from '../http/http-error.js';
import type { InstitutionRow } from '../model/institution.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import type { ResourceTypeRow } from '../model/resource-type.js';
import { PORTFOLIO_CHANGED } from './after-commit.js';
import { changesOf } from './changes.js';
import {
  bumpRow,
  changeObject,
  runWrite,
  type ObjectEvent,
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

/** The writes of a kind of row: its changeObject and the create, update and delete every such kind has (ADR 0096). */
export interface RowKind<Row, Set, O extends AuditObjectType> {
  change: ChangeOf<Row, Set, O>;
  /**
   * Inserts a row after `check` (in the same transaction), with its created event; a unique index's
   * refusal (two callers racing for one name or key) answers `duplicate`.
   */
  create(
    writes: Writes,
    principal: AuthUser,
    values: object,
    how: { event: (row: Row) => ObjectEvent<O>; duplicate: () => Error; check?: (tx: Tx) => Promise<void> },
  ): Promise<Row>;
  /**
   * Writes the values of `next` that differ, at the version the caller read, with one `action`
   * event of old → new; nothing differing writes nothing. `check` sees what changes first.
   */
  update(
    writes: Writes,
    principal: AuthUser,
    id: string,
    version: number,
    next: Partial<Row>,
    how: {
      action: ObjectEvent<O>['action'];
      duplicate?: () => Error;
      check?: (tx: Tx, row: Row, changed: Partial<Row>) => Promise<void>;
    },
  ): Promise<Row>;
  /**
   * Deletes a row at the version the caller read. `event` runs first: it may refuse (409 while
   * something holds the row) and reads what the event keeps.
   */
  remove(
    writes: Writes,
    principal: AuthUser,
    id: string,
    version: number,
    event: (tx: Tx, row: Row) => ObjectEvent<O> | Promise<ObjectEvent<O>>,
  ): Promise<void>;
}

/**
 * An object that is one row of its own table, found by its uuid `id` (or by `key`), which belongs
 * to the portal: the route's permission is the whole policy, so the lock hides nothing but the
 * rows of others (`ownedBy`).
 */
const rowWrites = <T extends VersionedTable, O extends AuditObjectType>(
  objectType: O,
  table: T,
  options: {
    key?: 'key';
    ownedBy?: (principal: AuthUser) => SQL;
    effects?: () => readonly AfterCommitEffect[];
  } = {},
): RowKind<T['$inferSelect'], PgUpdateSetSource<T>, O> => {
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
  const change: ChangeOf<Row, PgUpdateSetSource<T>, O> = (writes, request) => changeObject(writes, kind, request);
  const ofThis = (event: ObjectEvent<O>, row: Row) =>
    ({ ...event, objectType, objectId: kind.idOf(row) }) as AuditEvent;
  return {
    change,
    create: (writes, principal, values, { event, duplicate, check }) =>
      refuseDuplicates(
        runWrite(writes, actorOf(principal), async (tx) => {
          await check?.(tx);
          const [row] = (await tx
            .insert(table as PgTable)
            .values(values)
            .returning()) as Row[];
          return { value: row!, events: [ofThis(event(row!), row!)] };
        }),
        duplicate,
      ),
    update: async (writes, principal, id, version, next, { action, duplicate, check }) => {
      const changed = change(writes, {
        id,
        principal,
        version,
        change: async (tx, row) => {
          const changes = changesOf<T['$inferSelect']>(row, next);
          if (!changes) return { events: [] };
          await check?.(tx, row, changes.after);
          return {
            set: changes.after as PgUpdateSetSource<T>,
            // The action's payload is checked when the event is stored (audit/record-audit.ts).
            events: [{ action, ...changes } as unknown as ObjectEvent<O>],
          };
        },
      });
      return (await (duplicate ? refuseDuplicates(changed, duplicate) : changed)).object;
    },
    remove: async (writes, principal, id, version, event) => {
      await change(writes, {
        id,
        principal,
        version,
        change: async (tx, row) => {
          const removed = await event(tx, row);
          await tx.delete(table as PgTable).where(eq(key, row[keyName]));
          return { events: [removed] };
        },
      });
    },
  };
};

/** Columns of a row that the pipeline or the database write, never a change. */
type Managed = 'id' | 'version' | 'updatedAt' | 'createdAt';

/** Columns a change may write on an institution's row; the IdP domain is not the screen's to set. */
export type InstitutionSet = Omit<PgUpdateSetSource<typeof institutions>, Managed | 'domain'>;

/** Columns a change may write on a type's row; its key is not among them. */
export type ResourceTypeSet = Omit<PgUpdateSetSource<typeof resourceTypes>, Managed | 'key'>;

/** The row kind of a table whose changes may write only the columns `C`. */
type RowKindOf<T extends VersionedTable, C extends keyof PgUpdateSetSource<T>, O extends AuditObjectType> = RowKind<
  T['$inferSelect'],
  Pick<PgUpdateSetSource<T>, C>,
  O
>;

export type EntitlementRoleRow = typeof entitlementRoleMappings.$inferSelect;
export type VoNamePrefixRow = typeof voNamePrefixes.$inferSelect;
export type WeightingCriterionRow = typeof weightingCriteria.$inferSelect;

/** An institution (Institutions screen): the public portfolio shows providers' names and logos. */
export const institutionRows: RowKind<InstitutionRow, InstitutionSet, 'institution'> = rowWrites(
  'institution',
  institutions,
  { effects: () => PORTFOLIO_CHANGED },
);

/**
 * A resource type (docs/adr/0031-resource-packages.md). A package that names the type takes a
 * key-share lock on this row for its foreign key, so a delete holding this lock and a new package
 * of the type never cross.
 */
export const resourceTypeRows: RowKind<ResourceTypeRow, ResourceTypeSet, 'resourceType'> = rowWrites(
  'resourceType',
  resourceTypes,
);

/** A contact of the contact database (docs/adr/0034-contacts.md). */
export const contactRows: RowKindOf<
  typeof contacts,
  Exclude<keyof PgUpdateSetSource<typeof contacts>, Managed>,
  'contact'
> = rowWrites('contact', contacts);

/** One pair of the entitlement → role map (docs/adr/0036-admin-panel-sections.md), read at every login. */
export const entitlementRoleRows: RowKindOf<typeof entitlementRoleMappings, 'entitlement' | 'role', 'entitlementRole'> =
  rowWrites('entitlementRole', entitlementRoleMappings);

/** A reserved VO name prefix, read whenever a VO name is checked. */
export const voNamePrefixRows: RowKindOf<typeof voNamePrefixes, 'note', 'voNamePrefix'> = rowWrites(
  'voNamePrefix',
  voNamePrefixes,
);

/**
 * A mail of the outbox: the portal manager's retry and discard; the worker's claim columns are not
 * theirs. The worker claims with SKIP LOCKED, so it passes over a mail while the portal manager
 * changes it, and the manager waits for a claim that is being written.
 */
export const mailRows: RowKindOf<typeof mailOutbox, 'state' | 'tries' | 'nextAttemptAt', 'mail'> = rowWrites(
  'mail',
  mailOutbox,
);

/**
 * A user account, for the roles the portal manager gives and the gone state (docs/adr/0123-people-who-leave.md):
 * the IdP's roles and the rest of the row are the logins'. The principal cache forgets the user after the commit.
 */
export const userRows: RowKindOf<typeof users, 'roles' | 'goneAt' | 'goneById' | 'goneSource' | 'goneReason', 'user'> =
  rowWrites('user', users);

/** A weighting criterion, by its key: every service's score moves with it. */
export const weightingCriterionRows: RowKindOf<typeof weightingCriteria, 'factor' | 'options', 'weightingCriterion'> =
  rowWrites('weightingCriterion', weightingCriteria, {
    key: 'key',
    effects: () => PORTFOLIO_CHANGED,
  });

/**
 * A saved view (docs/adr/0044-saved-views.md): only the caller's own; another person's view is not
 * found, exactly like one that does not exist.
 */
export const savedViewRows: RowKindOf<typeof savedViews, 'name' | 'query' | 'columns', 'savedView'> = rowWrites(
  'savedView',
  savedViews,
  { ownedBy: (principal) => eq(savedViews.userId, principal.id) },
);

/**
 * A webhook endpoint (docs/adr/0120-event-feed-and-signed-webhooks.md): its address, event types,
 * activity and description, and its sealed secret on a rotation.
 */
export const webhookRows: RowKindOf<
  typeof webhookEndpoints,
  'url' | 'eventTypes' | 'active' | 'description' | 'secretCiphertext' | 'secretRotatedAt',
  'webhook'
> = rowWrites('webhook', webhookEndpoints);
