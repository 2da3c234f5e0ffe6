import { queueSignal } from '../model/worker-loop.js';

/** The webhook worker's poke: a committed change queued deliveries. */
const webhooksQueued = queueSignal();

export const onWebhooksQueued = webhooksQueued.on;
export const webhooksQueuedIn = webhooksQueued.poke;
