import type { FastifyInstance, onSendHookHandler, RouteOptions } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../db/client.js';
import type { EntryStep } from '../http/route-entry.js';
import { outboxDepth } from '../queries/mail.js';

export interface PortalMetrics {
  /**
   * Times every route added after this call: its answer is observed in an onSend hook, from the
   * arrival that `noteArrival` noted. That must be the first step of the route's entry hook
   * (../http/route-entry.ts), so the access guard's work is timed too.
   */
  timeRoutes(app: FastifyInstance): void;
  /** This process's mail worker failed to send a mail (`gaveUp`: it was the last try). */
  deliveryFailed(gaveUp: boolean): void;
  contentType: string;
  /** Everything in the Prometheus text format; the outbox and the index are read now. */
  text(): Promise<string>;
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

/** Upper bounds in seconds: most answers take a millisecond or less, uploads and exports seconds. */
const DURATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const statusClassOf = (status: number) => STATUS_CLASSES[(status / 100) | 0] ?? 'other';

/** The process's own figures (CPU, memory, event loop, GC) exist once per process, however many apps a test builds. */
let processRegistry: Registry | null = null;
const processMetrics = (): Registry => {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
};

/**
 * The portal's Prometheus metrics (docs/adr/0052-readiness-metrics-and-shutdown.md): request
 * durations by route, the outbox's depth and this process's failed deliveries, and prom-client's
 * process metrics.
 */
export const createPortalMetrics = (options: {
  db: Db;
  /** The clock the answers are timed by (tests fix it). */
  now?: () => number;
}): PortalMetrics => {
  const registry = new Registry();
  const now = options.now ?? (() => performance.now());

  /**
   * The answer times per route pattern (never the raw URL: ids would make a series per object),
   * method and status class: from the route's entry hook until the answer is handed to Node's
   * HTTP server (onSend), so the bytes' transfer to a slow client is not in it. Not onResponse: an
   * onResponse hook makes Fastify listen for the end of every answer
   * (docs/adr/0057-one-log-and-no-logger-per-request.md). Requests that match no route are not
   * timed: scanners' paths would only add noise (their count is in the proxy's log).
   */
  const durations = new Histogram({
    name: 'nubes_http_request_duration_seconds',
    help: "Time from the request's arrival until its answer was handed to the HTTP server, by route pattern, method and status class.",
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const timeRoute = (route: RouteOptions) => {
    const url = route.url;
    const observe: onSendHookHandler = function observe(request, reply, payload, done) {
      durations.observe(
        { route: url, method: request.method, status_class: statusClassOf(reply.statusCode) },
        (now() - request.receivedAt) / 1000,
      );
      done(null, payload);
    };
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), observe];
  };

  const outbox = new Gauge({
    name: 'nubes_mail_outbox_mails',
    help: 'Mails in the outbox by state: queued (waiting or being sent) and failed (given up); read at each scrape.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const depth = await outboxDepth(options.db);
        this.set({ state: 'queued' }, depth.queued);
        this.set({ state: 'failed' }, depth.failed);
      } catch {
        // Without the database there is no depth to tell; the other figures still go out.
        this.reset();
      }
    },
  });
  void outbox;

  const failures = new Counter({
    name: 'nubes_mail_delivery_failures_total',
    help: "This process's failed mail sends; final: the mail's last try, it is now failed.",
    labelNames: ['final'] as const,
    registers: [registry],
  });

  return {
    timeRoutes(app) {
      app.decorateRequest('receivedAt', 0);
      app.addHook('onRoute', timeRoute);
    },
    deliveryFailed: (gaveUp) => failures.inc({ final: gaveUp ? 'true' : 'false' }),
    contentType: registry.contentType,
    text: async () => {
      const [process, portal] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
      return `${process}\n${portal}`;
    },
  };
};
