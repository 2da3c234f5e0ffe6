import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config/config.js';
import { logSecrecy } from './log-secrecy.js';

/** The portal's one structured log: JSON lines on standard output, secrets kept out (ADR 0051). */
export type PortalLog = Logger;

const serializers = {
  err: stdSerializers.err,
  req: (request: FastifyRequest) => ({ method: request.method, url: request.url, remoteAddress: request.ip }),
  res: (reply: FastifyReply) => ({ statusCode: reply.statusCode }),
};

/**
 * The log of one app (docs/adr/0057-one-log-and-no-logger-per-request.md). Fastify itself gets no
 * logger: with one, it builds a child logger and listens for the end of every answer, about a
 * tenth of a small answer's CPU, for a line per request that the portal does not write (the proxy
 * does). What the code says goes here; a request's lines carry its id through `requestLog`.
 */
export const createPortalLog = (config: Config, destination?: DestinationStream): PortalLog =>
  pino(
    {
      level: config.logLevel,
      serializers,
      ...logSecrecy([
        config.jwtSecret,
        config.admin.password,
        config.oidc.clientSecret,
        config.mail.smtpUrl && decodeURIComponent(new URL(config.mail.smtpUrl).password),
      ]),
    },
    destination,
  );

/** The log for what one request has to say: every line labelled with the request's id (`reqId`). */
export const requestLog = (log: PortalLog, request: FastifyRequest): PortalLog => log.child({ reqId: request.id });

/**
 * Fastify's own lines about a request that went wrong (a broken stream, a serializer or writeHead
 * failure, a fault in the error handler) into the portal's log, with the request id; Fastify's
 * lines about every request (incoming, completed, not found) stay off, as the base class's
 * `disableRequestLogging` has them.
 */
export class PortalLogController extends LogController {
  constructor(private readonly log: PortalLog) {
    super({ disableRequestLogging: true });
  }

  override defaultErrorLog(error: Error, request: FastifyRequest, reply: FastifyReply): void {
    if (reply.statusCode >= 500) requestLog(this.log, request).error({ err: error }, error.message);
  }

  override streamError(error: Error & { code?: string }, request: FastifyRequest): void {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    requestLog(this.log, request).warn({ err: error }, 'an answer failed after its headers were sent');
  }

  override writeHeadError(error: Error, request: FastifyRequest): void {
    requestLog(this.log, request).warn({ err: error }, error.message);
  }

  override serializerError(
    error: Error,
    request: FastifyRequest,
    _reply: FastifyReply,
    metadata: { statusCode: number },
  ): void {
    requestLog(this.log, request).error(
      { err: error, statusCode: metadata.statusCode },
      'serializing an answer failed',
    );
  }

  override serviceUnavailable(): void {
    this.log.info('a request came while the server was closing: answered 503');
  }
}
