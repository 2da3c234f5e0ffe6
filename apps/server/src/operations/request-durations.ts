import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import type { EntryStep } from '../http/route-entry.js';

/** Upper bounds in seconds: most answers take a millisecond or less, uploads and exports seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;
const NAME = 'nubes_http_request_duration_seconds';
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;

const escapeLabel = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

/** One route, method and status class: bucket counts (not yet cumulative), sum and count. */
class Series {
  readonly counts = new Float64Array(BUCKETS.length + 1);
  sum = 0;
  count = 0;
  constructor(readonly labels: string) {}

  observe(seconds: number) {
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > BUCKETS[bucket]!) bucket++;
    this.counts[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }

  lines(): string[] {
    const lines: string[] = [];
    let cumulative = 0;
    for (let bucket = 0; bucket < BUCKETS.length; bucket++) {
      cumulative += this.counts[bucket]!;
      lines.push(`${NAME}_bucket{le="${BUCKETS[bucket]}",${this.labels}} ${cumulative}`);
    }
    lines.push(`${NAME}_bucket{le="+Inf",${this.labels}} ${this.count}`);
    lines.push(`${NAME}_sum{${this.labels}} ${this.sum}`);
    lines.push(`${NAME}_count{${this.labels}} ${this.count}`);
    return lines;
  }
}

export interface RequestDurations {
  /**
   * Times every route added after this call: its answer is observed in an onSend hook, from the
   * arrival that `noteArrival` noted. That must be the first step of the route's entry hook
   * (../http/route-entry.ts), so the access guard's work is timed too.
   */
  timeRoutes(app: FastifyInstance): void;
  /** The histogram in the Prometheus text format. */
  text(): string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** `performance.now()` when the route's first hook ran. */
    receivedAt: number;
  }
}

/** The entry step every timed route runs first. */
export const noteArrival: EntryStep = (request) => {
  request.receivedAt = performance.now();
};

/**
 * The answer times per route pattern (never the raw URL: ids would make a series per object),
 * method and status class, as a Prometheus histogram: from the route's entry hook until the
 * answer is handed to Node's HTTP server (onSend), so the bytes' transfer to a slow client is not
 * in it. Not onResponse: an onResponse hook makes Fastify listen for the end of every answer, about
 * a tenth of a small answer's CPU (docs/adr/0057-one-log-and-no-logger-per-request.md). Kept out of
 * prom-client's Histogram on purpose: its observe() hashes the label values on every call (0.6–0.9
 * µs measured, several per cent of a small answer's whole cost), while here each route's hook holds
 * its series and an observation is a few additions. Requests that match no route are not timed:
 * scanners' paths would only add noise (their count is in the proxy's log).
 */
export const createRequestDurations = ({
  now = () => performance.now(),
}: { now?: () => number } = {}): RequestDurations => {
  const all: Series[] = [];

  const seriesOf = (route: string, method: string, statusClass: number): Series => {
    const series = new Series(
      `route="${escapeLabel(route)}",method="${escapeLabel(method)}",status_class="${STATUS_CLASSES[statusClass] ?? 'other'}"`,
    );
    all.push(series);
    return series;
  };

  const timeRoute = (route: RouteOptions) => {
    const url = route.url;
    const fixedMethod = typeof route.method === 'string' ? route.method : null;
    // Per status class (index = first digit); per method only for a route that takes several.
    const byClass: (Series | undefined)[] = [];
    const byMethod = new Map<string, (Series | undefined)[]>();
    const observe: onSendHookHandler = function observe(request, reply, payload, done) {
      const statusClass = (reply.statusCode / 100) | 0;
      const method = fixedMethod ?? request.method;
      let classes = byClass;
      if (fixedMethod === null) {
        classes = byMethod.get(method) ?? [];
        byMethod.set(method, classes);
      }
      const series = (classes[statusClass] ??= seriesOf(url, method, statusClass));
      series.observe((now() - request.receivedAt) / 1000);
      done(null, payload);
    };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), observe];
  };

  return {
    timeRoutes(app) {
      app.decorateRequest('receivedAt', 0);
      app.addHook('onRoute', timeRoute);
    },
    text() {
      const lines = [
        `# HELP ${NAME} Time from the request's arrival until its answer was handed to the HTTP server, by route pattern, method and status class.`,
        `# TYPE ${NAME} histogram`,
      ];
      for (const series of all) lines.push(...series.lines());
      return `${lines.join('\n')}\n`;
    },
  };
};
