import type { ReadinessResponse } from '@nubes/domain';
import type { Database } from '../db/client.js';
import { bundledMigrationTimes, pendingMigrationCount } from '../db/migration-status.js';
import type { OutboxWorker } from '../mail/outbox-worker.js';

export interface ReadinessOptions {
  database: Database;
  /** Whether SMTP is configured: then this process must run a mail worker. */
  mailEnabled: boolean;
  mailWorker: OutboxWorker | null;
  /** The migrations this build carries (default: drizzle's journal in the migrations folder). */
  bundledMigrations?: readonly number[];
  /** How long one verdict is shared (default 1 s): probes of every orchestrator must not become a database load. */
  ttlMs?: number;
  now?: () => number;
}

export interface Readiness {
  check(): Promise<ReadinessResponse>;
}

/**
 * Whether this instance should get traffic (the `/api/health/ready` probe; `/api/health` is only
 * liveness): the database answers, has every migration of this build (an instance started on an
 * older database, or whose migrations failed, is not ready) and, with SMTP, the mail worker runs.
 */
export const createReadiness = (options: ReadinessOptions): Readiness => {
  const bundled = options.bundledMigrations ?? bundledMigrationTimes();
  const ttlMs = options.ttlMs ?? 1000;
  const now = options.now ?? Date.now;
  let last: { at: number; checks: Omit<ReadinessResponse['checks'], 'mailWorker'> } | null = null;
  let inflight: Promise<Omit<ReadinessResponse['checks'], 'mailWorker'>> | null = null;

  const databaseChecks = () =>
    (inflight ??= pendingMigrationCount(options.database.db, bundled)
      .then(
        (pending) => ({ database: 'ok', migrations: pending === 0 ? 'ok' : 'pending' }) as const,
        () => ({ database: 'unavailable', migrations: 'unknown' }) as const,
      )
      .then((checks) => {
        last = { at: now(), checks };
        inflight = null;
        return checks;
      }));

  const mailWorker = (): ReadinessResponse['checks']['mailWorker'] => {
    if (!options.mailEnabled) return 'disabled';
    const state = options.mailWorker?.state() ?? 'stopped';
    return state === 'running' ? 'ok' : state;
  };

  return {
    async check() {
      const fresh = last && now() - last.at < ttlMs ? last.checks : await databaseChecks();
      const checks = { ...fresh, mailWorker: mailWorker() };
      const ready =
        checks.database === 'ok' &&
        checks.migrations === 'ok' &&
        checks.mailWorker !== 'stopped' &&
        checks.mailWorker !== 'stalled';
      return { status: ready ? 'ready' : 'not_ready', checks };
    },
  };
};
