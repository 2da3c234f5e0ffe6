import type { OutboxState } from '@nubes/domain';
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { mailOutbox, mailSettings } from '../db/schema.js';

/** The outbox, newest first, optionally of one state; with the number of all such mails. */
export const listOutbox = async (db: Db, query: { state?: OutboxState | undefined; limit: number }) => {
  const where = query.state ? eq(mailOutbox.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.limit),
    db.select({ value: count() }).from(mailOutbox).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
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
