import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { PortalLog } from '../http/portal-log.js';

export interface GracefulShutdownOptions {
  app: FastifyInstance;
  database: Database;
  log: PortalLog;
  /** After this long the process exits anyway (default 10 s). */
  timeoutMs?: number;
  /** Where the signals come from and how the process ends (tests hand in their own). */
  signals?: Pick<NodeJS.Process, 'on'>;
  exit?: (code: number) => void;
}

/**
 * SIGTERM or SIGINT (docs/adr/0052-readiness-metrics-and-shutdown.md): the server stops accepting
 * connections at once and answers the requests in flight; then the app's onClose hooks stop the
 * mail worker, which lets the sends in progress finish and be marked; then the database closes and
 * the process exits 0. A second signal, or a shutdown that takes longer than the time limit (a
 * hung request or SMTP server), exits 1 at once: what was not finished then is what a crash
 * leaves, which the outbox's lease and the write pipeline's transactions are made for.
 */
export const installGracefulShutdown = (options: GracefulShutdownOptions): void => {
  const { app, database, log } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const signals = options.signals ?? process;
  let shuttingDown = false;

  const shutdown = (signal: string) => {
    if (shuttingDown) {
      log.warn(`${signal} received again: exiting without waiting`);
      exit(1);
      return;
    }
    shuttingDown = true;
    log.info(`${signal} received: answering the requests in flight, then exiting`);
    const deadline = setTimeout(() => {
      log.error(`shutting down took longer than ${timeoutMs / 1000} s: exiting without waiting`);
      exit(1);
    }, timeoutMs);
    // A keep-alive connection whose request was in flight would stay open after its answer until
    // it times out (Fastify closes only the connections idle when closing begins).
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    void app
      .close()
      .then(() => database.close())
      .then(
        () => {
          clearTimeout(deadline);
          clearInterval(idle);
          log.info('shut down');
          exit(0);
        },
        (error: unknown) => {
          log.error({ err: error }, 'shutting down failed');
          exit(1);
        },
      );
  };

  signals.on('SIGTERM', () => shutdown('SIGTERM'));
  signals.on('SIGINT', () => shutdown('SIGINT'));
};
