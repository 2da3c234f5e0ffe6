import Fastify, { type FastifyReply, type FastifyRequest, type onSendHookHandler, type RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerRouteEntry } from '../http/route-entry.js';
import { createRequestDurations, noteArrival } from './request-durations.js';

/** The clock the first test's durations read: the answers below arrived before it, by their `ms`. */
const NOW = 1_000_000;

/** Answers `count` requests through the route's onSend hook, each having arrived `ms` before NOW and ending with `status`. */
const answer = (route: RouteOptions, method: string, status: number, ms: number, count = 1) => {
  const hook = [route.onSend].flat().at(-1) as onSendHookHandler;
  for (let i = 0; i < count; i++)
    hook.call(
      undefined as never,
      { method, receivedAt: NOW - ms } as FastifyRequest,
      { statusCode: status } as FastifyReply,
      null,
      () => undefined,
    );
};

/** The route options as the timing's onRoute hook leaves them. */
const timed = (durations: ReturnType<typeof createRequestDurations>, ...routes: RouteOptions[]) => {
  const hooks: ((route: RouteOptions) => void)[] = [];
  durations.timeRoutes({
    decorateRequest: () => undefined,
    addHook: (_name: string, hook: never) => hooks.push(hook),
  } as never);
  for (const route of routes) for (const hook of hooks) hook(route);
};

describe('request durations', () => {
  it('counts per route pattern, method and status class into cumulative buckets', () => {
    // A fixed clock: a busy machine's pause between a request and its answer must not move a bucket.
    const durations = createRequestDurations({ now: () => NOW });
    const single = { method: 'GET', url: '/api/services/:id', handler: () => undefined } as RouteOptions;
    const several = { method: ['PUT', 'PATCH'], url: '/api/x', handler: () => undefined } as RouteOptions;
    timed(durations, single, several);
    answer(single, 'GET', 200, 0.3, 2);
    answer(single, 'GET', 204, 30);
    answer(single, 'GET', 404, 2);
    answer(several, 'PATCH', 200, 20_000);
    answer(several, 'PUT', 500, 1);

    const lines = durations.text().split('\n');
    const value = (line: string) => Number(lines.find((l) => l.startsWith(`${line} `))?.split(' ')[1]);
    const ok = 'route="/api/services/:id",method="GET",status_class="2xx"';
    expect(value(`nubes_http_request_duration_seconds_bucket{le="0.0005",${ok}}`)).toBe(2);
    expect(value(`nubes_http_request_duration_seconds_bucket{le="0.025",${ok}}`)).toBe(2);
    expect(value(`nubes_http_request_duration_seconds_bucket{le="0.05",${ok}}`)).toBe(3);
    expect(value(`nubes_http_request_duration_seconds_bucket{le="+Inf",${ok}}`)).toBe(3);
    expect(value(`nubes_http_request_duration_seconds_count{${ok}}`)).toBe(3);
    expect(value(`nubes_http_request_duration_seconds_sum{${ok}}`)).toBeCloseTo(0.0306, 3);
    expect(
      value(`nubes_http_request_duration_seconds_count{route="/api/services/:id",method="GET",status_class="4xx"}`),
    ).toBe(1);
    // Longer than the last bucket: only in +Inf.
    const slow = 'route="/api/x",method="PATCH",status_class="2xx"';
    expect(value(`nubes_http_request_duration_seconds_bucket{le="10",${slow}}`)).toBe(0);
    expect(value(`nubes_http_request_duration_seconds_bucket{le="+Inf",${slow}}`)).toBe(1);
    expect(value(`nubes_http_request_duration_seconds_count{route="/api/x",method="PUT",status_class="5xx"}`)).toBe(1);
    expect(lines[1]).toBe('# TYPE nubes_http_request_duration_seconds histogram');
  });

  it('times a real route from its entry, the guard’s work included, to the answer', async () => {
    const durations = createRequestDurations();
    const app = Fastify();
    // The portal's composition (app.ts), with a guard that takes 30 ms.
    registerRouteEntry(app, {
      steps: [() => noteArrival],
      gate: () => (_request, _reply, done) => void setTimeout(done, 30),
    });
    durations.timeRoutes(app);
    app.get('/slow/:id', async () => ({ ok: true }));
    const response = await app.inject({ url: '/slow/1' });
    expect(response.json()).toEqual({ ok: true });
    const sum = durations
      .text()
      .split('\n')
      .find((line) => line.startsWith('nubes_http_request_duration_seconds_sum{route="/slow/:id",method="GET"'));
    expect(Number(sum?.split(' ')[1])).toBeGreaterThanOrEqual(0.029);
    await app.close();
  });
});
