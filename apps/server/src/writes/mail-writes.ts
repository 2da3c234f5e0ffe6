import { isUuid } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

type OutboxRow = typeof mailOutbox.$inferSelect;

/** Columns the portal manager's retry and discard write; the worker's claim columns are not among them. */
export type OutboxSet = Pick<PgUpdateSetSource<typeof mailOutbox>, 'state' | 'tries' | 'nextAttemptAt'>;

/**
 * Loads a mail FOR UPDATE, or 404. The worker claims with SKIP LOCKED, so it passes over a mail
 * while the portal manager changes it, and the manager waits for a claim that is being written.
 */
const lockMail = async (tx: Tx, id: string): Promise<OutboxRow> => {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
  if (!row) throw notFound();
  return row;
};

/** A mail of the outbox as an object of the write pipeline (docs/adr/0036-admin-panel-sections.md). */
const MAIL_KIND: ObjectKind<OutboxRow, OutboxRow, OutboxSet, 'mail'> = {
  objectType: 'mail',
  lock: (tx, id) => lockMail(tx, id),
  idOf: (row) => row.id,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(mailOutbox)
      .set({ ...set, version: row.version + 1 })
      .where(eq(mailOutbox.id, row.id))
      .returning();
    return updated!;
  },
  // The outbox is read from the database each time: no cache to clear.
  effects: () => [],
};

/** changeObject for a mail of the outbox. */
export const changeMail = <T>(writes: Writes, request: ObjectWrite<OutboxRow, OutboxSet, 'mail', T>) =>
  changeObject(writes, MAIL_KIND, request);
