import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { Database } from '../db/client.js';
import { createReadiness } from '../operations/readiness.js';
import { mailOutbox } from '../db/schema.js';
import { startOutboxWorker, type OutboxWorker } from '../mail/outbox-worker.js';
import { createTestApp, testConfig, type TestApp } from '../test/harness.js';

const transport = { send: async () => undefined, close: () => undefined };

describe('readiness', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(() => test.close());

  /** An app on the test's database with SMTP configured and this process's worker (or none). */
  const appWithMail = async (worker: (options: Parameters<typeof startOutboxWorker>[0]) => OutboxWorker | null) => {
    let started: OutboxWorker | null = null;
    const app = await buildApp(testConfig({ SMTP_URL: 'smtp://127.0.0.1:1' }), test.database, {
      startMailWorker: (hooks) => {
        started = worker({ db: test.database.db, transport, from: 'portal@example.org', ...hooks });
        return started!;
      },
    });
    await app.ready();
    return { app, worker: () => started };
  };

  it('is ready with the database migrated and no SMTP, in the documented shape; /api/health stays liveness', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', mailWorker: 'disabled' },
    });
    const health = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok' });
    const document = (await test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.paths['/api/health/ready'].get.responses['503']).toBeDefined();
  });

  it('needs a running, polling mail worker when SMTP is configured', async () => {
    let offset = 0;
    // A transport that hangs on demand: the worker's round then stays in progress, as with a
    // hung SMTP server, and no timer's round can start beside it and count as a poll.
    let hang = false;
    let release = () => undefined as void;
    let sending = () => undefined as void;
    const sendStarted = new Promise<void>((resolve) => (sending = resolve));
    const hanging = {
      send: async () => {
        if (!hang) return;
        sending();
        await new Promise<void>((resolve) => (release = resolve));
      },
      close: () => undefined,
    };
    const { app, worker } = await appWithMail((options) =>
      startOutboxWorker({
        ...options,
        transport: hanging,
        pollMs: 1000,
        leaseMs: 10_000,
        now: () => Date.now() + offset,
      }),
    );
    try {
      await worker()!.runOnce();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().checks.mailWorker).toBe('ok');

      // A round hung in a send for longer than its lease, with no poll for three intervals: stalled.
      hang = true;
      await test.database.db.insert(mailOutbox).values({
        kind: 'workflowStep',
        toAddress: 'someone@example.org',
        subject: 'Hello',
        body: 'Text',
      });
      const round = worker()!.runOnce();
      await sendStarted;
      offset = 5_000;
      const slow = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(slow.json().checks.mailWorker).toBe('ok');
      offset = 60_000;
      const stalled = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stalled.statusCode).toBe(503);
      expect(stalled.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'ok', mailWorker: 'stalled' },
      });

      offset = 0;
      release();
      await round;
      await worker()!.stop();
      const stopped = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(stopped.statusCode).toBe(503);
      expect(stopped.json().checks.mailWorker).toBe('stopped');
    } finally {
      release();
      await app.close();
    }
  });

  it('is not ready with SMTP configured but no worker in this process', async () => {
    const { app } = await appWithMail(() => null);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.mailWorker).toBe('stopped');
    } finally {
      await app.close();
    }
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const table = sql`drizzle.__drizzle_migrations`;
    const result = await test.database.db.execute(
      sql`select id, hash, created_at from ${table} order by created_at desc limit 1`,
    );
    const latest = (result as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0]!;
    await test.database.db.execute(sql`delete from ${table} where id = ${latest.id}`);
    const app = await buildApp(testConfig(), test.database);
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'not_ready',
        checks: { database: 'ok', migrations: 'pending', mailWorker: 'disabled' },
      });
    } finally {
      await app.close();
      await test.database.db.execute(
        sql`insert into ${table} (id, hash, created_at) values (${latest.id}, ${latest.hash}, ${latest.created_at})`,
      );
    }
  });
});

describe('readiness without a database', () => {
  it('reports the database unavailable and the migrations unknown', async () => {
    const down = { db: { execute: () => Promise.reject(new Error('connection refused')) } } as unknown as Database;
    const readiness = createReadiness({ database: down, mailEnabled: false, mailWorker: null, bundledMigrations: [1] });
    expect(await readiness.check()).toEqual({
      status: 'not_ready',
      checks: { database: 'unavailable', migrations: 'unknown', mailWorker: 'disabled' },
    });
  });
});
