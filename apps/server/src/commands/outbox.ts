import { OUTBOX_DISCARDABLE, OUTBOX_RETRYABLE, type OutboxActionRequest, type OutboxState } from '@nubes/domain';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import { conflict } from '../http/http-error.js';
import { mailRows } from '../writes/row-writes.js';
import type { Writes } from '../writes/pipeline.js';

const stateOf = (state: string) => state as OutboxState;

/**
 * A failed or discarded mail goes back to pending, due now, with its tries counted from zero (the
 * worker gives up after its maximum again); the last error stays until the next try. Other states
 * answer 409: a pending or sending mail is on its way, a sent one is gone.
 */
export const retryMail = async (writes: Writes, principal: AuthUser, id: string, body: OutboxActionRequest) => {
  const { object } = await mailRows.change(writes, {
    id,
    principal,
    version: body.version,
    authorize: (row) => {
      if (!OUTBOX_RETRYABLE.includes(stateOf(row.state))) throw conflict('adminSections.outbox.cannotRetry');
    },
    change: async (_tx, row) => ({
      set: { state: 'pending', tries: 0, nextAttemptAt: sql`now()` },
      events: [
        {
          action: 'mail.retried',
          before: { state: stateOf(row.state), tries: row.tries },
          after: { state: 'pending', tries: 0 },
        },
      ],
      // The worker of this process sends it now rather than at its next poll.
      effects: [{ kind: 'mail.queued' }],
    }),
  });
  return object;
};

/** A pending or failed mail is never sent (unless retried); sending and sent ones answer 409. */
export const discardMail = async (writes: Writes, principal: AuthUser, id: string, body: OutboxActionRequest) => {
  const { object } = await mailRows.change(writes, {
    id,
    principal,
    version: body.version,
    authorize: (row) => {
      if (!OUTBOX_DISCARDABLE.includes(stateOf(row.state))) throw conflict('adminSections.outbox.cannotDiscard');
    },
    change: async (_tx, row) => ({
      set: { state: 'discarded' },
      events: [{ action: 'mail.discarded', before: { state: stateOf(row.state) }, after: { state: 'discarded' } }],
    }),
  });
  return object;
};
