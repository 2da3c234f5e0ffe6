import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerRouteEntry, type EntryStep } from '../http/route-entry.js';
import { createPortalMetrics, noteArrival } from './metrics.js';

/** No database: the outbox's gauge goes out empty, the request durations are the subject here. */
const metricsWith = (now?: () => number) => createPortalMetrics({ db: {} as never, now });

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
const sample = (text: string, line: string): number | undefined => {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

const NAME = 'nubes_http_request_duration_seconds';

describe('request durations', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** An app composed as app.ts composes the portal's: the arrival noted first, then the guard, waiting `gateMs`. */
  const appWith = (
    metrics: ReturnType<typeof metricsWith>,
    { gateMs = 0, arrival }: { gateMs?: number; arrival?: EntryStep } = {},
  ) => {
    app = Fastify();
    registerRouteEntry(app, {
      steps: [() => noteArrival, () => arrival],
      gate: () => (_request, _reply, done) => void (gateMs ? setTimeout(done, gateMs) : done()),
    });
    metrics.timeRoutes(app);
    return app;
  };

  it('counts per route pattern, method and status class into cumulative buckets', async () => {
    // A fixed clock, and each request arrived `x-ms` before it: a busy machine's pause between a
    // request and its answer must not move a bucket.
    const NOW = 1_000_000;
    const metrics = metricsWith(() => NOW);
    const app = appWith(metrics, {
      arrival: (request) => {
        request.receivedAt = NOW - Number(request.headers['x-ms']);
      },
    });
    app.get('/api/services/:id', async (request, reply) => reply.code(Number(request.headers['x-status'])).send());
    app.route({
      method: ['PUT', 'PATCH'],
      url: '/api/x',
      handler: async (request, reply) => reply.code(Number(request.headers['x-status'])).send(),
    });
    const answer = (method: 'GET' | 'PUT' | 'PATCH', url: string, status: number, ms: number) =>
      app.inject({ method, url, headers: { 'x-status': String(status), 'x-ms': String(ms) } });
    await answer('GET', '/api/services/1', 200, 0.3);
    await answer('GET', '/api/services/2', 200, 0.3);
    await answer('GET', '/api/services/3', 204, 30);
    await answer('GET', '/api/services/gone', 404, 2);
    await answer('PATCH', '/api/x', 200, 20_000);
    await answer('PUT', '/api/x', 500, 1);
    // Requests that match no route are not timed.
    await app.inject({ method: 'GET', url: '/no-such-route' });

    const text = await metrics.text();
    expect(text).toContain(`# TYPE ${NAME} histogram`);
    const bucket = (le: string, labels: string) =>
      sample(text, `${NAME}_bucket{le="${le}",${labels}}`) ?? sample(text, `${NAME}_bucket{${labels},le="${le}"}`);
    const ok = 'route="/api/services/:id",method="GET",status_class="2xx"';
    expect(bucket('0.0005', ok)).toBe(2);
    expect(bucket('0.025', ok)).toBe(2);
    expect(bucket('0.05', ok)).toBe(3);
    expect(bucket('+Inf', ok)).toBe(3);
    expect(sample(text, `${NAME}_count{${ok}}`)).toBe(3);
    expect(sample(text, `${NAME}_sum{${ok}}`)).toBeCloseTo(0.0306, 3);
    expect(sample(text, `${NAME}_count{route="/api/services/:id",method="GET",status_class="4xx"}`)).toBe(1);
    // Longer than the last bucket: only in +Inf.
    const slow = 'route="/api/x",method="PATCH",status_class="2xx"';
    expect(bucket('10', slow)).toBe(0);
    expect(bucket('+Inf', slow)).toBe(1);
    expect(sample(text, `${NAME}_count{route="/api/x",method="PUT",status_class="5xx"}`)).toBe(1);
    // The route's pattern, never the raw URL; and the buckets the dashboards know.
    expect(text).not.toContain('gone');
    expect(text).not.toContain('no-such-route');
    const bounds = [
      ...text.matchAll(new RegExp(`^${NAME}_bucket\\{.*le="([^"]+)".*route="/api/x",method="PUT"`, 'gm')),
    ];
    expect(bounds.map((match) => match[1])).toEqual([
      ...['0.0005', '0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10'],
      '+Inf',
    ]);
  });

  it('times a real route from its entry, the guard’s work included, to the answer', async () => {
    const metrics = metricsWith();
    // The portal's composition (app.ts), with a guard that takes 30 ms.
    const app = appWith(metrics, { gateMs: 30 });
    app.get('/slow/:id', async () => ({ ok: true }));
    const response = await app.inject({ url: '/slow/1' });
    expect(response.json()).toEqual({ ok: true });
    const labels = 'route="/slow/:id",method="GET",status_class="2xx"';
    expect(sample(await metrics.text(), `${NAME}_sum{${labels}}`)).toBeGreaterThanOrEqual(0.029);
  });
});
