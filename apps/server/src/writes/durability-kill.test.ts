import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTokenService } from '../auth/tokens.js';
import { ensureAdmin } from '../commands/ensure-admin.js';
import { openDatabase, type Database } from '../db/client.js';
import {
  auditEvents,
  contacts,
  mailOutbox,
  resourcePackages,
  resourceTypes,
  serviceComments,
  services,
  vos,
} from '../db/schema.js';
import { outboxMessageId } from '../mail/outbox-worker.js';
import { findDemoAccount } from '../dev-idp/accounts.js';
import { freePort } from '../../../../scripts/lib/free-port.mjs';
import { seedPrincipals, testConfig, TEST_ADMIN } from '../test/harness.js';
import { createServiceInState, seedServiceWorld, type ServiceWorld } from '../test/services-fixtures.js';
import { serverCommand } from '../test/portal-process.js';
import { serverRoot } from '../test/server-modules.js';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.js';
import { writesFor } from './after-commit.js';

const JWT_SECRET = 'durability-test-secret-that-is-long-enough-for-hs256';
const MAIL_FROM = 'Nubes <noreply@portal.example>';
const CLIENTS = 8;
const KILLS = 3;
/** Writes acknowledged before each kill and after the last restart. */
const ACKS_BETWEEN_KILLS = 25;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);

/** What one kind of write did: acknowledged (2xx), or unknown (the connection died first). */
interface Acked<T> {
  value: T;
  id: string;
}

/** The service a client edits alone: every version it was told of, and what it sent without an answer. */
interface EditedService {
  id: string;
  /** The state the next edit starts from; null after a failure, until it is read again. */
  known: { version: number; value: string } | null;
  /** The state last known for sure: acknowledged, or read back after a failure. */
  sure: { version: number; value: string };
  acked: { version: number; value: string }[];
  /** Values sent since `known` whose answer never came: any of them may have been committed. */
  unknown: string[];
}

/**
 * The real server as a child process on one database, killed with SIGKILL three times during a
 * load of eight clients and restarted on the same data each time. The file runs in both server
 * projects: on PGlite with a data directory of its own, on PostgreSQL with a database of its own.
 */
describe('writes under SIGKILL', () => {
  const kind = process.env.NUBES_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  let dataDir = '';
  let databaseUrl = '';
  let adminUrl = '';
  let databaseName = '';
  let smtp: SmtpSink;
  let port: number;
  let server: ChildProcess | null = null;
  let output = '';
  let world: ServiceWorld;
  let typeId: string;
  let args: string[] = [];
  /** Per client: the service it edits and the one it comments on and adds packages to. */
  let clientsServices: { edited: string; initial: string; online: string }[] = [];
  const killTimes: number[] = [];
  /** When each killed process was gone: a delivery before the n-th of them was made by the n-th process. */
  const deathTimes: number[] = [];

  const openOwnDatabase = (): Promise<Database> =>
    kind === 'postgres' ? openDatabase({ databaseUrl, dataDir: '' }) : openDatabase({ dataDir, migrate: false });

  /** Resolves while the server is up; clients whose request failed wait on it instead of spinning. */
  let up: Promise<void> = Promise.resolve();
  let markUp = () => undefined as void;

  const startDurations: number[] = [];
  const startServer = async () => {
    const started = Date.now();
    const child = spawn(process.execPath, args, {
      cwd: serverRoot,
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.check.json',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JWT_SECRET,
        ADMIN_USERNAME: TEST_ADMIN.username,
        ADMIN_PASSWORD: TEST_ADMIN.password,
        // Each restart checks the admin's hash: the cheapest cost, as the harness uses (ADR 0060).
        PASSWORD_HASH_COST: '10',
        WEB_DIST: '/nonexistent',
        SEED_DEMO_DATA: 'false',
        SMTP_URL: smtp.url,
        MAIL_FROM,
        // Shorter than a restart, longer than one send to the sink on a loaded machine.
        MAIL_LEASE_SECONDS: '5',
        ...(kind === 'postgres' ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server = child;
    for (let attempt = 0; attempt < 600; attempt++) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) {
        startDurations.push(Date.now() - started);
        markUp();
        return;
      }
      await sleep(100);
    }
    throw new Error(`the server did not start:\n${output}`);
  };

  const stopServer = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      up = new Promise<void>((r) => (markUp = r));
      const child = server;
      if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });

  beforeAll(async () => {
    // The server's bundle, as npm start runs it, when it is newer than every source.
    args = serverCommand();
    port = await freePort();
    smtp = await startSmtpSink();
    if (kind === 'postgres') {
      const base = inject('postgresUrl');
      databaseName = `durability_${randomBytes(6).toString('hex')}`;
      adminUrl = `${base}/postgres`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName} TEMPLATE nubes_template`);
      await admin.end();
      databaseUrl = `${base}/${databaseName}`;
    } else {
      dataDir = mkdtempSync(path.join(tmpdir(), 'nubes-durability-'));
      cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
    }
    // The people, institutions and a resource type, written before the server starts (PGlite
    // allows one process per directory); tokens signed with the server's JWT_SECRET.
    const database = await openOwnDatabase();
    await ensureAdmin(writesFor(database), testConfig().admin);
    const tokens = await createTokenService(database.db, JWT_SECRET);
    world = await seedServiceWorld({ database }, await seedPrincipals({ database, tokens }));
    const name = { en: 'Compute', de: 'Compute' };
    const [type] = await database.db
      .insert(resourceTypes)
      .values({ key: 'compute', name, description: name, quotaUnit: name, schema: { type: 'object' } })
      .returning();
    typeId = type!.id;
    clientsServices = [];
    for (let client = 0; client < CLIENTS; client++) {
      const edited = await createServiceInState(database.db, {
        objectOwnerId: world.people.alice!.id,
        providerInstitutionId: world.institutions.HPCN,
        name: `Edited by client ${client}`,
      });
      const online = await createServiceInState(database.db, {
        state: 'service_online',
        objectOwnerId: world.people.alice!.id,
        providerInstitutionId: world.institutions.HPCN,
        name: `Online for client ${client}`,
      });
      clientsServices.push({
        edited: edited.id,
        initial: (edited.fields as { shortDescription?: string }).shortDescription ?? '',
        online: online.id,
      });
    }
    await database.close();
  });

  afterAll(async () => {
    await stopServer('SIGKILL');
    await smtp?.close();
    if (kind === 'postgres' && databaseName) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
      await admin.end();
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write and sends every queued mail across ${KILLS} kills`, async () => {
    await startServer();
    const request = async (username: string, method: string, url: string, body?: object) => {
      const response = await fetch(`http://127.0.0.1:${port}/api${url}`, {
        method,
        headers: {
          authorization: `Bearer ${world.people[username]!.token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      return { status: response.status, json: () => JSON.parse(text) as Record<string, unknown>, text };
    };

    const comments: Acked<string>[] = [];
    const contactsAcked: Acked<{ lastname: string; notes: string }>[] = [];
    const vosAcked: Acked<{ name: string; description: string }>[] = [];
    const packagesAcked: Acked<{ name: string; quota: number }>[] = [];
    const edited: EditedService[] = clientsServices.map((s) => ({
      id: s.edited,
      known: { version: 1, value: s.initial },
      sure: { version: 1, value: s.initial },
      acked: [],
      unknown: [],
    }));
    const unexpected: string[] = [];
    let stop = false;
    let acknowledged = 0;
    /** Load runs until this many more writes were acknowledged, then a moment more: the same on a slow machine. */
    const moreAcknowledged = async (count: number) => {
      const target = acknowledged + count;
      while (acknowledged < target) await sleep(20);
      await sleep(random(0, 400));
    };

    /** The answer when the write was acknowledged, else null; a refusal (not 2xx, not a dead connection) fails the test. */
    const attempt = async <R extends { status: number; text: string }>(label: string, run: () => Promise<R>) => {
      try {
        const response = await run();
        if (response.status >= 200 && response.status < 300) {
          acknowledged++;
          return response;
        }
        unexpected.push(`${label}: ${response.status} ${response.text}`);
      } catch {
        // The server died or is starting: the outcome is unknown.
        await up;
      }
      return null;
    };

    const client = async (index: number) => {
      const own = clientsServices[index]!;
      const service = edited[index]!;
      for (let n = 0; !stop; n++) {
        const tag = `c${index}-${n}-${randomBytes(3).toString('hex')}`;
        switch (n % 5) {
          case 0: {
            const text = `Comment ${tag}`;
            const response = await attempt('comment', () =>
              request('alice', 'POST', `/services/${own.online}/comments`, { text }),
            );
            if (response) comments.push({ id: String(response.json().id), value: text });
            break;
          }
          case 1: {
            if (!service.known) {
              const read = await request('alice', 'GET', `/services/${service.id}`).catch(() => null);
              if (!read || read.status !== 200) {
                await up;
                break;
              }
              const body = read.json() as { version: number; fields: { shortDescription?: string } };
              service.known = { version: body.version, value: body.fields.shortDescription ?? '' };
              service.sure = service.known;
              service.unknown = [];
            }
            const value = `Edit ${tag}`;
            service.unknown.push(value);
            const response = await attempt('service edit', () =>
              request('alice', 'PATCH', `/services/${service.id}`, {
                version: service.known!.version,
                fields: { shortDescription: value },
              }),
            );
            if (response) {
              const version = Number(response.json().version);
              service.known = { version, value };
              service.sure = service.known;
              service.acked.push({ version, value });
              service.unknown = [];
            } else service.known = null;
            break;
          }
          case 2: {
            const value = { lastname: `Durable ${tag}`, notes: `Notes of ${tag}` };
            const response = await attempt('contact', () =>
              request('carla', 'POST', '/contacts', {
                firstname: 'Dora',
                lastname: value.lastname,
                email: `${tag}@hpc-north.example`,
                emailNotPersonal: false,
                institutionId: null,
                otherInstitution: '',
                notes: value.notes,
                addresses: [],
              }),
            );
            if (response) contactsAcked.push({ id: String(response.json().id), value });
            break;
          }
          case 3: {
            const value = { name: `vo-${tag}`, description: `VO of ${tag}` };
            const response = await attempt('VO application', () => request('victor', 'POST', '/vos', value));
            if (response) vosAcked.push({ id: String(response.json().id), value });
            break;
          }
          default: {
            const value = { name: `Package ${tag}`, quota: 1 + (n % 97) };
            const response = await attempt('resource package', () =>
              request('alice', 'POST', `/services/${own.online}/resource-packages`, {
                ...value,
                typeId,
                policyNames: ['durable'],
                policy: '{}',
              }),
            );
            if (response) packagesAcked.push({ id: String(response.json().id), value });
          }
        }
      }
    };

    const load = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));
    for (let kill = 0; kill < KILLS; kill++) {
      await moreAcknowledged(ACKS_BETWEEN_KILLS);
      killTimes.push(Date.now());
      await stopServer('SIGKILL');
      deathTimes.push(Date.now());
      await startServer();
    }
    await moreAcknowledged(ACKS_BETWEEN_KILLS);
    stop = true;
    await load;
    expect(unexpected).toEqual([]);

    // Every queued mail goes out: the claims of the killed processes run out after the lease.
    const outboxCount = async (state: string) =>
      Number((await request('admin', 'GET', `/mail/outbox?state=${state}&limit=1`)).json().total);
    await expect
      .poll(async () => (await outboxCount('pending')) + (await outboxCount('sending')), {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(0);
    await stopServer('SIGTERM');

    const database = await openOwnDatabase();
    try {
      const { db } = database;
      // Comments: each acknowledged one once, with its text, and its mails in the outbox.
      const commentRows = await db
        .select()
        .from(serviceComments)
        .where(
          inArray(
            serviceComments.serviceId,
            clientsServices.map((s) => s.online),
          ),
        );
      const byText = new Map<string, number>();
      for (const row of commentRows) byText.set(row.text, (byText.get(row.text) ?? 0) + 1);
      for (const comment of comments) expect(byText.get(comment.value), comment.value).toBe(1);
      const mails = await db.select().from(mailOutbox);
      const commentMails = mails.filter((mail) => mail.kind === 'commentAdded');
      const managers = ['paula', 'ivan'].map((username) => findDemoAccount(username)!.email).sort();
      for (const row of commentRows) {
        const own = commentMails.filter((mail) => mail.body.includes(row.text));
        // The portfolio and the integration manager hear of every comment of the provider.
        expect(own.map((mail) => mail.toAddress).sort(), row.text).toEqual(managers);
      }

      // Service edits: the last version each client was told of is there, or one unanswered edit after it.
      for (const service of edited) {
        const [row] = await db.select().from(services).where(eq(services.id, service.id));
        const value = (row!.fields as { shortDescription?: string }).shortDescription ?? '';
        const last = service.sure;
        if (row!.version === last.version) expect(value).toBe(last.value);
        else {
          expect(row!.version).toBe(last.version + 1);
          expect(service.unknown).toContain(value);
        }
        const versions = service.acked.map((a) => a.version);
        expect(versions).toEqual([...versions].sort((a, b) => a - b));
        // One audit event per version: no acknowledged edit vanished behind a later one.
        const updates = await db
          .select()
          .from(auditEvents)
          .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'service.updated')));
        expect(updates).toHaveLength(row!.version - 1);
        const written = updates.map((event) => JSON.stringify(event.after));
        for (const ack of service.acked) expect(written.some((after) => after.includes(ack.value))).toBe(true);
      }

      // The later objects: each acknowledged create is there with what was sent.
      const contactRows = await db.select().from(contacts);
      for (const ack of contactsAcked) expect(contactRows.find((row) => row.id === ack.id)).toMatchObject(ack.value);
      const voRows = await db.select().from(vos);
      for (const ack of vosAcked) expect(voRows.find((row) => row.id === ack.id)).toMatchObject(ack.value);
      const packageRows = await db.select().from(resourcePackages);
      for (const ack of packagesAcked) expect(packageRows.find((row) => row.id === ack.id)).toMatchObject(ack.value);

      // Mail: every row sent, every row delivered, a second delivery only of a mail the SMTP
      // server took within the window of a kill.
      expect(mails.filter((mail) => mail.state !== 'sent')).toEqual([]);
      const deliveries = new Map<string, number[]>();
      for (const mail of smtp.received)
        deliveries.set(mail.messageId, [...(deliveries.get(mail.messageId) ?? []), mail.acceptedAt]);
      const expectedIds = new Set(mails.map((mail) => outboxMessageId(mail.id, MAIL_FROM)));
      expect([...deliveries.keys()].filter((id) => !expectedIds.has(id))).toEqual([]);
      for (const id of expectedIds) expect(deliveries.get(id)?.length ?? 0, id).toBeGreaterThanOrEqual(1);
      const twice = [...deliveries.entries()].filter(([, times]) => times.length > 1);
      // Each further copy comes from a later process than the one before, which was killed with
      // the mail not yet marked sent; one process never sends a mail twice. The process that
      // sends again right after a restart can be killed in that window too (its resend comes a
      // lease after the first, about when the next kill is due), so a third copy is possible.
      const processOf = (time: number) => deathTimes.filter((death) => death < time).length;
      for (const [id, times] of twice) {
        const senders = times.map(processOf);
        expect(senders, `${id} was delivered twice by one process`).toEqual(
          [...new Set(senders)].sort((a, b) => a - b),
        );
        expect(
          senders.slice(0, -1).every((sender) => sender < KILLS),
          id,
        ).toBe(true);
      }
      const gaps = twice.map(([, times]) => killTimes[processOf(times[0]!)]! - times[0]!);
      console.log(
        `${kind}: acknowledged to ${CLIENTS} clients: ${comments.length} comments, ` +
          `${edited.reduce((sum, s) => sum + s.acked.length, 0)} edits, ${contactsAcked.length} contacts, ` +
          `${vosAcked.length} VOs, ${packagesAcked.length} packages; ${KILLS} kills; ${mails.length} mails, ` +
          `${twice.length} delivered twice (accepted ${gaps.join(', ')} ms before a kill); ` +
          `${args.length === 1 ? 'built server' : 'server through tsx'}: starts took ${startDurations.join(', ')} ms`,
      );
      expect(comments.length * contactsAcked.length * vosAcked.length * packagesAcked.length).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 240_000);
});
