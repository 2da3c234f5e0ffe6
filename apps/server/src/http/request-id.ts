import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * What a proxy's request id may look like to be taken as ours: short, and only characters that
 * cannot break a log line, a header or a query of the logs (ADR 0051). nginx's `$request_id`,
 * UUIDs and most tracing ids fit.
 */
const WELL_FORMED = /^[\w.:+=/-]{1,128}$/;

/**
 * A new id is this process's random prefix and a counter: unique across instances and restarts,
 * and about twenty times cheaper than a random UUID per request (ADR 0051).
 */
const PROCESS_PREFIX = randomBytes(9).toString('base64url');
let counter = 0;

/**
 * The request's id (Fastify's `genReqId`): the proxy's `X-Request-Id` when it is well-formed, so
 * the proxy's access log and ours name a request alike; otherwise a new one.
 */
export const requestIdOf = (request: Pick<IncomingMessage, 'headers'>): string => {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && WELL_FORMED.test(given) ? given : `${PROCESS_PREFIX}-${(counter++).toString(36)}`;
};
