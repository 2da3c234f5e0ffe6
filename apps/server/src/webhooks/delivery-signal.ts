import type { Db } from '../db/client.js';

type Listener = () => void;

/**
 * Tells this process's webhook worker that a committed change queued deliveries, so it sends them
 * now instead of at its next poll; found by the database, as the outbox worker's poke is
 * (mail/outbox-signal.ts).
 */
const listeners = new WeakMap<Db, Set<Listener>>();

export const onWebhooksQueued = (db: Db, listener: Listener): (() => void) => {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
};

export const webhooksQueuedIn = (db: Db): void => {
  for (const listener of listeners.get(db) ?? []) listener();
};
