import type { FastifyRequest } from 'fastify';
import { requestLog, type PortalLog } from './portal-log.js';

/**
 * The Retry-After of a request answered 503 while the database cannot be reached: about what a
 * restart of PostgreSQL takes (docs/adr/0077-database-outages.md).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** While the database stays away, one log line at most this often, counting the 503s between. */
const LOG_EVERY_MS = 10_000;

/**
 * Notes a request answered 503 because the database cannot be reached. Under load an outage
 * answers hundreds of requests a second: the log gets the first, with the cause, and then a line
 * every ten seconds with the count of the others, so it says when it began and that it lasts.
 */
export const databaseOutageLog = (log: PortalLog, now: () => number = Date.now) => {
  let loggedAt = Number.NEGATIVE_INFINITY;
  let unlogged = 0;
  return (request: FastifyRequest, error: unknown): void => {
    const at = now();
    if (at - loggedAt < LOG_EVERY_MS) {
      unlogged += 1;
      return;
    }
    requestLog(log, request).warn(
      { err: error, answeredSinceLastLine: unlogged },
      `the database cannot be reached: requests are answered 503 with Retry-After ${DATABASE_RETRY_AFTER_SECONDS}`,
    );
    loggedAt = at;
    unlogged = 0;
  };
};
