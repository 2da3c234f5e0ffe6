// The baseline for `GET /api/health` and `GET /api/public/services`: a bare Fastify (same version as
// the portal, no plugins, no hooks, no logger) in its own process, answering one route with exactly
// the bytes and content type the portal answers. Started by bench/run.mjs, which passes:
//   BARE_BODY_BASE64   the portal's response body, base64 (or BARE_BODY_FILE: a file holding it,
//                      for bodies beyond the 128 KB a single environment variable may hold)
//   BARE_CONTENT_TYPE  the portal's content-type header
//   BARE_PATH          the route (default /api/health)
//   BARE_HEADERS_JSON  further headers sent as they are, e.g. the portal's ETag and security headers ({})
//   BARE_SPIN_MICROS   busy-waits this long in the handler before answering (0): known extra work per
//                      request, to see what a run resolves (bench/README.md, "what one run can tell apart")
// It listens on a free loopback port and reports it to the parent over IPC: { type: 'listening', port }.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = process.env.BARE_BODY_FILE
  ? readFileSync(process.env.BARE_BODY_FILE)
  : Buffer.from(process.env.BARE_BODY_BASE64 ?? '', 'base64');
const contentType = process.env.BARE_CONTENT_TYPE || 'application/json; charset=utf-8';
const routePath = process.env.BARE_PATH || '/api/health';
const headers = JSON.parse(process.env.BARE_HEADERS_JSON || '{}');

const spinMicros = Number(process.env.BARE_SPIN_MICROS || 0);
if (!Number.isFinite(spinMicros) || spinMicros < 0) {
  console.error(`BARE_SPIN_MICROS must be a number of microseconds ≥ 0, not "${process.env.BARE_SPIN_MICROS}"`);
  process.exit(2);
}
const spinNanos = BigInt(Math.round(spinMicros * 1000));

const app = Fastify({ logger: false });
const answer = (_request, reply) => {
  reply.headers(headers).type(contentType).send(body);
};
// The plain handler unless asked to spin, so that the twin the bench compares against has no branch of its own.
app.get(
  routePath,
  spinNanos > 0n
    ? (request, reply) => {
        const until = process.hrtime.bigint() + spinNanos;
        while (process.hrtime.bigint() < until);
        answer(request, reply);
      }
    : answer,
);

const close = async () => {
  await app.close();
  process.exit(0);
};
process.once('SIGTERM', () => void close());
process.once('SIGINT', () => void close());
// The parent went away (it crashed or was killed): do not linger.
process.on('disconnect', () => void close());

await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address();
if (process.send) process.send({ type: 'listening', port });
else console.log(`bare server listening on http://127.0.0.1:${port}${routePath}`);
