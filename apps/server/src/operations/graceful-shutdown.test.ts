import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@nubes/domain';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { serverCommand } from '../test/portal-process.js';
import { startSmtpSink } from '../test/smtp-sink.js';
import { installGracefulShutdown } from './graceful-shutdown.js';

const serverRoot = path.resolve(import.meta.dirname, '..', '..');

describe('graceful shutdown, its order and limits', () => {
  const setup = (close: () => Promise<void>) => {
    const steps: string[] = [];
    const signals = new EventEmitter();
    const exited: number[] = [];
    const app = {
      server: { closeIdleConnections: () => undefined },
      close: async () => {
        steps.push('app');
        await close();
      },
    } as unknown as FastifyInstance;
    const database = { close: async () => void steps.push('database') } as unknown as Database;
    installGracefulShutdown({
      app,
      database,
      log: pino({ level: 'silent' }),
      timeoutMs: 200,
      signals: signals as unknown as NodeJS.Process,
      exit: (code) => void exited.push(code),
    });
    return { steps, signals, exited };
  };

  it('closes the app, then the database, and exits 0', async () => {
    const { steps, signals, exited } = setup(async () => undefined);
    signals.emit('SIGTERM');
    await expect.poll(() => exited).toEqual([0]);
    expect(steps).toEqual(['app', 'database']);
  });

  it('exits 1 at a second signal or after the time limit', async () => {
    const hung = setup(() => new Promise(() => undefined));
    hung.signals.emit('SIGTERM');
    hung.signals.emit('SIGINT');
    expect(hung.exited).toEqual([1]);

    const slow = setup(() => new Promise(() => undefined));
    slow.signals.emit('SIGTERM');
    await expect.poll(() => slow.exited, { timeout: 2000 }).toEqual([1]);
    expect(slow.steps).toEqual(['app']);
  });
});

// The real server in a process of its own; one database kind is enough for what the signal does.
describe.skipIf(process.env.NUBES_TEST_DB === 'postgres')('SIGTERM to the running server', () => {
  it('answers the request in flight, refuses new connections, finishes the mail being sent and exits 0', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'nubes-shutdown-'));
    const sink = await startSmtpSink();
    let output = '';
    try {
      cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
      const seeded = await openDatabase({ dataDir, migrate: false });
      const [mail] = await seeded.db
        .insert(mailOutbox)
        .values({ kind: 'workflowStep', toAddress: 'paula@example.org', subject: 'In flight', body: 'body' })
        .returning();
      await seeded.close();

      sink.holdReplies(true);
      const sending = sink.nextHeld();
      const port = await freePort();
      const child = spawn(process.execPath, serverCommand(), {
        cwd: serverRoot,
        env: {
          PATH: process.env.PATH,
          TSX_TSCONFIG_PATH: 'tsconfig.check.json',
          PORT: String(port),
          DATA_DIR: dataDir,
          // The cheapest hash cost for the admin's password, as the harness uses (ADR 0060).
          PASSWORD_HASH_COST: '10',
          SEED_DEMO_DATA: 'false',
          SMTP_URL: sink.url,
          WEB_DIST: '/nonexistent',
          LOG_LEVEL: 'warn',
        },
      });
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

      const base = `http://127.0.0.1:${port}`;
      await expect
        .poll(
          () =>
            fetch(`${base}/api/health`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 60_000, interval: 200 },
        )
        .toBe(200);
      // The worker has the mail and the SMTP server holds its answer.
      await sending;

      // A login whose body arrives slowly: in flight when the signal comes, and its rest only once
      // the server refuses new connections.
      const body = JSON.stringify({ login: 'admin', password: 'admin' });
      const slow = request(`${base}/api/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          [CSRF_HEADER]: CSRF_HEADER_VALUE,
        },
      });
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        slow.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 5));
      setTimeout(() => child.kill('SIGTERM'), 300);

      const refused = async () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          socket.on('connect', () => {
            socket.destroy();
            resolve(false);
          });
          socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
        });
      await new Promise((resolve) => setTimeout(resolve, 600));
      await expect.poll(refused, { timeout: 2000, interval: 50 }).toBe(true);
      // Still in flight: the server waits for the rest of its body.
      slow.end(body.slice(5));

      const login = await answered;
      expect(login.status, output).toBe(200);
      expect(JSON.parse(login.body).token).toBeTruthy();

      sink.releaseHeld();
      expect(await exited, output).toBe(0);

      const after = await openDatabase({ dataDir, migrate: false });
      try {
        const [row] = await after.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
        expect(row).toMatchObject({ state: 'sent', tries: 1 });
      } finally {
        await after.close();
      }
      expect(sink.received.filter((received) => received.subject === 'In flight')).toHaveLength(1);
    } finally {
      await sink.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
