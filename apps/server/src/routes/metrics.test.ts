import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { mailOutbox } from '../db/schema.js';
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.js';
import { testConfig, useTestApp } from '../test/harness.js';

const mail = (subject: string, state: 'pending' | 'failed' | 'sent') => ({
  kind: 'workflowStep',
  toAddress: 'someone@example.org',
  subject,
  body: 'body',
  state,
});

/** The value of one sample line (`name{labels} value`), or undefined when there is none. */
const sample = (text: string, line: string): number | undefined => {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe('metrics', () => {
  const env = useTestApp();

  it('gives the loopback request durations by route pattern, the outbox and the process', async () => {
    await env.test.database.db
      .insert(mailOutbox)
      .values([mail('Waiting', 'pending'), mail('Gone', 'sent'), mail('Given up', 'failed')]);
    await env.test.app.inject({ method: 'GET', url: '/api/health' });
    await env.test.app.inject({ method: 'GET', url: '/api/services/no-such-service', headers: env.as('paula') });

    const response = await env.test.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    const health = 'route="/api/health",method="GET",status_class="2xx"';
    expect(sample(text, `nubes_http_request_duration_seconds_count{${health}}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `nubes_http_request_duration_seconds_bucket{le="+Inf",${health}}`)).toBeGreaterThanOrEqual(1);
    expect(sample(text, `nubes_http_request_duration_seconds_sum{${health}}`)).toBeGreaterThan(0);
    // The route's pattern, never the raw URL.
    expect(text).toContain('route="/api/services/:id",method="GET",status_class="4xx"');
    expect(text).not.toContain('no-such-service');
    expect(sample(text, 'nubes_mail_outbox_mails{state="queued"}')).toBe(1);
    expect(sample(text, 'nubes_mail_outbox_mails{state="failed"}')).toBe(1);
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(text).toContain('# TYPE nubes_http_request_duration_seconds histogram');
  });

  it('is not found for other addresses without a portalManager token, whatever the token', async () => {
    const from = { remoteAddress: '203.0.113.5' };
    const anonymous = await env.test.app.inject({ method: 'GET', url: '/api/metrics', ...from });
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toEqual({ error: 'not_found', message: 'Not found.' });
    for (const name of ['nora', 'paula', 'victor']) {
      const denied = await env.test.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: env.as(name),
        ...from,
      });
      expect(denied.statusCode, name).toBe(404);
    }
    const forged = await env.test.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '127.0.0.1' },
      ...from,
    });
    expect(forged.statusCode).toBe(404);
    const manager = await env.test.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: env.as('admin'),
      ...from,
    });
    expect(manager.statusCode).toBe(200);
  });

  describe('with METRICS_ALLOW behind a trusted proxy, and a mail worker', () => {
    let app: FastifyInstance;
    let worker: OutboxWorker;

    beforeAll(async () => {
      app = await buildApp(
        testConfig({
          METRICS_ALLOW: '10.1.0.0/16, 2001:db8::/32',
          TRUST_PROXY: 'true',
          SMTP_URL: 'smtp://127.0.0.1:1',
        }),
        env.test.database,
        {
          startMailWorker: (hooks) =>
            (worker = startOutboxWorker({
              db: env.test.database.db,
              transport: { send: () => Promise.reject(new Error('451 try later')), close: () => undefined },
              from: 'portal@example.org',
              maxTries: 2,
              backoffMs: () => 0,
              ...hooks,
            })),
        },
      );
      await app.ready();
    });
    afterAll(() => app.close());

    const scrape = (remoteAddress: string, forwardedFor?: string) =>
      app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress,
        headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      });

    it('lets the configured networks in, judging the forwarded client, not the proxy', async () => {
      expect((await scrape('10.1.2.3')).statusCode).toBe(200);
      expect((await scrape('2001:db8::7')).statusCode).toBe(200);
      expect((await scrape('10.2.0.1')).statusCode).toBe(404);
      // A proxy on the loopback forwards a client from outside: the client counts.
      expect((await scrape('127.0.0.1', '198.51.100.7')).statusCode).toBe(404);
      expect((await scrape('127.0.0.1', '10.1.9.9')).statusCode).toBe(200);
    });

    it("counts this process's failed deliveries, and the final ones apart", async () => {
      const failures = async () => {
        const text = (await scrape('10.1.2.3')).body;
        const of = (final: boolean) => sample(text, `nubes_mail_delivery_failures_total{final="${final}"}`) ?? 0;
        return { retried: of(false), gaveUp: of(true) };
      };
      // Whatever the mails of the tests before did: settled, then counted from here.
      await worker.runOnce();
      await worker.runOnce();
      const before = await failures();
      await env.test.database.db.insert(mailOutbox).values(mail('Refused', 'pending'));
      await worker.runOnce();
      await worker.runOnce();
      expect(await failures()).toEqual({ retried: before.retried + 1, gaveUp: before.gaveUp + 1 });
    });
  });
});
