import type { OutboxState } from '@nubes/domain';
import { and, count, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { mailOutbox, mailSettings } from '../db/schema.js';
import { keyset, streamPage, type StreamPageRequest } from './stream-page.js';

/**
 * A page of the outbox, newest first, optionally of one state, after the cursor; with the number of
 * all such mails. mail_outbox_created_idx (created_at) serves the order.
 */
export const listOutbox = async (db: Db, query: { state?: OutboxState | undefined } & StreamPageRequest) => {
  const where = query.state ? eq(mailOutbox.state, query.state) : undefined;
  const { after, orderBy, limit, cursorKey } = keyset(mailOutbox.createdAt, mailOutbox.id, query);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...getTableColumns(mailOutbox), cursorKey })
      .from(mailOutbox)
      .where(and(where, after))
      .orderBy(...orderBy)
      .limit(limit),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { ...streamPage(rows, query.limit), total: total?.value ?? 0 };
};

/** A user's mail settings row, or undefined when they never saved any (the defaults apply). */
export const findMailSettings = async (db: Db | Tx, userId: string, options: { forUpdate?: boolean } = {}) => {
  const select = db.select().from(mailSettings).where(eq(mailSettings.userId, userId));
  const [row] = await (options.forUpdate ? select.for('update') : select);
  return row;
};

/** How many mails wait to be sent (pending or being sent) and how many were given up, for the metrics. */
export const outboxDepth = async (db: Db): Promise<{ queued: number; failed: number }> => {
  const rows = await db
    .select({ state: mailOutbox.state, value: count() })
    .from(mailOutbox)
    .where(inArray(mailOutbox.state, ['pending', 'sending', 'failed']))
    .groupBy(mailOutbox.state);
  const of = (state: string) => rows.find((row) => row.state === state)?.value ?? 0;
  return { queued: of('pending') + of('sending'), failed: of('failed') };
};
