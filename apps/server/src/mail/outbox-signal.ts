import { queueSignal } from '../model/worker-loop.js';

/** The outbox worker's poke: a committed change queued mails. */
const mailQueued = queueSignal();

export const onMailQueued = mailQueued.on;
export const mailQueuedIn = mailQueued.poke;
