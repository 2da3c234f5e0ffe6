/**
 * SQLSTATEs of a server that is gone or going (docs/adr/0077-database-outages.md): every connection
 * exception (class 08), and a backend ended by a shutdown (57P01), by the crash of another backend
 * or an immediate stop (57P02), or a server that is starting up or shutting down (57P03).
 */
const UNREACHABLE_STATES = /^(08...|57P0[123])$/;

/** The operating system's answers of a connection that failed or broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres's own errors for a connection that ended, broke or could not be had in time; they
 * carry no code. (pg/lib/client.js and pg-pool/index.js throw them with these texts.)
 */
const DRIVER_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
]);

/**
 * Whether an error means that the database cannot be reached now, rather than that a statement
 * failed: as the driver throws it, wrapped by Drizzle (its `cause`), or one of several attempts
 * (an AggregateError of a host with two addresses). Such a request is answered 503 with
 * Retry-After, not 500. PGlite, in the process, never throws one of these.
 */
export const isDatabaseUnreachable = (error: unknown, depth = 0): boolean => {
  if (depth > 4 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && (UNREACHABLE_STATES.test(code) || NETWORK_CODES.has(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.has(message)) return true;
  if (Array.isArray(errors) && errors.some((each) => isDatabaseUnreachable(each, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
};
