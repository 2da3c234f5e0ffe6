import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Db } from '../db/client.js';
import { outboxDepth } from '../queries/mail.js';
import { createRequestDurations } from './request-durations.js';

export interface PortalMetrics {
  /** Times the answers of every route added after this call (see `RequestDurations.timeRoutes`). */
  timeRoutes(app: FastifyInstance): void;
  /** This process's mail worker failed to send a mail (`gaveUp`: it was the last try). */
  deliveryFailed(gaveUp: boolean): void;
  contentType: string;
  /** Everything in the Prometheus text format; the outbox and the index are read now. */
  text(): Promise<string>;
}

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
export const createPortalMetrics = (options: { db: Db }): PortalMetrics => {
  const registry = new Registry();
  const durations = createRequestDurations();

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
    timeRoutes: (app) => durations.timeRoutes(app),
    deliveryFailed: (gaveUp) => failures.inc({ final: gaveUp ? 'true' : 'false' }),
    contentType: registry.contentType,
    text: async () => {
      const [process, portal] = await Promise.all([processMetrics().metrics(), registry.metrics()]);
      return `${process}\n${portal}\n${durations.text()}`;
    },
  };
};
