import type { Db } from '../db/client.js';

/** The wait before the next try after `tries` failed ones: 30 s, doubling up to 1 h. */
export const retryBackoff = (tries: number): number => Math.min(30_000 * 2 ** Math.max(0, tries - 1), 3_600_000);

/** The settings of a worker of a leased queue (the mail outbox, the webhook deliveries); tests shorten them. */
export interface LeasedQueueWorkerOptions {
  /** How often the queue is read without a poke; default 5 s. */
  pollMs?: number;
  /** How long a claim holds a row; one a killed worker held is tried again after it. Default 5 min. */
  leaseMs?: number;
  /** Tries before a row is given up as failed; default 8. */
  maxTries?: number;
  /** Wait before the next try after `tries` failed ones; default 30 s doubling up to 1 h. */
  backoffMs?: (tries: number) => number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

/** The settings with their defaults. */
export const leasedQueueWorkerSettings = (options: LeasedQueueWorkerOptions) => ({
  pollMs: options.pollMs ?? 5_000,
  leaseMs: options.leaseMs ?? 300_000,
  maxTries: options.maxTries ?? 8,
  backoffMs: options.backoffMs ?? retryBackoff,
  batchSize: options.batchSize ?? 20,
  report: options.onError ?? (() => undefined),
});

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
