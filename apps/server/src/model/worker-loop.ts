import type { Db } from '../db/client.js';

/** The wait before the next try after `tries` failed ones: 30 s, doubling up to 1 h. */
export const retryBackoff = (tries: number): number => Math.min(30_000 * 2 ** Math.max(0, tries - 1), 3_600_000);

export interface WorkerLoopOptions {
  /** One round of work; it checks `stopped` between its steps. Resolves with how much it did. */
  round: (stopped: () => boolean) => Promise<number>;
  /** How often a round runs without a wake-up. */
  pollMs: number;
  /** Subscribes to the wake-ups of committed work (the worker's queue signal); returns the unsubscribe. */
  onQueued: (wake: () => void) => () => void;
  /** A round failed: reported, and the loop goes on. */
  onError: (error: unknown) => void;
}

export interface WorkerLoop {
  /** Runs a round now; while one runs, asks for another after it and resolves with the running one. */
  runOnce(): Promise<number>;
  /** Stops polling and waking up; resolves when the running round is done. */
  stop(): Promise<void>;
}

/**
 * The loop of a background worker of this process (the mail outbox's, the webhooks'): one round at
 * a time, so two rounds never claim side by side in one process; a call while a round runs asks for
 * one more after it, so work queued meanwhile does not wait for the next poll; a poll timer that
 * keeps no process alive, and a wake-up when a commit queued work. The first round starts at once.
 */
export const startWorkerLoop = ({ round, pollMs, onQueued, onError }: WorkerLoopOptions): WorkerLoop => {
  let stopped = false;
  let running: Promise<number> | null = null;
  let again = false;
  const isStopped = () => stopped;

  const runOnce = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = round(isStopped)
      .catch((error: unknown) => {
        onError(error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  };

  const timer = setInterval(() => void runOnce(), pollMs);
  timer.unref();
  const unsubscribe = onQueued(() => void runOnce());
  void runOnce();

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
};

/**
 * Tells this process's worker of one queue that a committed change queued work, so it runs now
 * instead of at its next poll. Found by the database, like the caches (writes/after-commit.ts):
 * the after-commit runner exists before any worker does, and without a worker nobody listens.
 */
export const queueSignal = () => {
  const listeners = new WeakMap<Db, Set<() => void>>();
  return {
    /** Listens to the pokes on this database; returns the unsubscribe. */
    on: (db: Db, listener: () => void): (() => void) => {
      const set = listeners.get(db) ?? new Set<() => void>();
      listeners.set(db, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    poke: (db: Db): void => {
      for (const listener of listeners.get(db) ?? []) listener();
    },
  };
};
