import type { FastifyReply, FastifyRequest, onResponseHookHandler, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequestDurations } from './request-durations.js';

/** Answers `count` requests through the route's hook, each taking `ms` and ending with `status`. */
const answer = (route: RouteOptions, method: string, status: number, ms: number, count = 1) => {
  const hook = [route.onResponse].flat().at(-1) as onResponseHookHandler;
  for (let i = 0; i < count; i++)
    hook.call(
      undefined as never,
      { method } as FastifyRequest,
      { statusCode: status, elapsedTime: ms } as FastifyReply,
      () => undefined,
    );
};

describe('request durations', () => {
  it('counts per route pattern, method and status class into cumulative buckets', () => {
    const durations = createRequestDurations();
    const single = { method: 'GET', url: '/api/services/:id', handler: () => undefined } as RouteOptions;
    const several = { method: ['PUT', 'PATCH'], url: '/api/x', handler: () => undefined } as RouteOptions;
    durations.timeRoute(single);
    durations.timeRoute(several);
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
    expect(value(`nubes_http_request_duration_seconds_sum{${ok}}`)).toBeCloseTo(0.0306);
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
});
