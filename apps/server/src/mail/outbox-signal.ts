import type { Db } from '../db/client.js';

type Listener = () => void;

/**
 * Tells this process's outbox worker that a committed change queued mails, so it sends them now
 * instead of at its next poll. Found by the database, like the caches (writes/after-commit.ts):
 * the after-commit runner exists before any worker does, and without a worker nobody listens.
 */
const listeners = new WeakMap<Db, Set<Listener>>();

export const onMailQueued = (db: Db, listener: Listener): (() => void) => {
  const set = listeners.get(db) ?? new Set<Listener>();
  listeners.set(db, set);
  set.add(listener);
  return () => set.delete(listener);
};

export const mailQueuedIn = (db: Db): void => {
  for (const listener of listeners.get(db) ?? []) listener();
};
