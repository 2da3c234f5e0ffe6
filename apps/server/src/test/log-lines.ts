import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { createPortalLog, PortalLogController } from '../http/portal-log.js';
import { requestIdOf } from '../http/request-id.js';
import { testConfig } from './harness.js';

/** A log's stream that keeps what it is given: every line parsed, and the whole text as written. */
export const logLines = () => {
  const lines: Record<string, unknown>[] = [];
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { stream, lines, text: () => chunks.join('') };
};

/**
 * The portal's log at `info` into `lines`, and a bare Fastify that logs through it as app.ts sets
 * the portal up: the request id, the portal's log controller.
 */
export const appWithLogLines = () => {
  const { stream, lines } = logLines();
  const log = createPortalLog(testConfig({ LOG_LEVEL: 'info' }), stream);
  const app = Fastify({ logController: new PortalLogController(log), genReqId: requestIdOf });
  return { app, log, lines };
};
