import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { auditEvents, mailOutbox, serviceComments, services, users } from '../db/schema.js';
import { HttpError, forbidden } from '../http/http-error.js';
import { openTestDatabase } from '../test/harness.js';
import { createServiceInState, seedInstitutions } from '../test/services-fixtures.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import type { OutboxMessage } from '../model/outbox-message.js';
import { runWrite, type Writes } from './pipeline.js';
import { changeService } from './service-writes.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let principal: AuthUser;
let serviceId: string;

/** Every after-commit call, and whether a transaction was still open when it came. */
let calls: { effects: readonly AfterCommitEffect[]; duringTransaction: boolean }[];
let writes: Writes;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedInstitutions(database.db);
  const [user] = await database.db
    .insert(users)
    .values({ username: 'olivia', fullname: 'Olivia Owner', email: 'olivia@example.org', roles: ['serviceProvider'] })
    .returning();
  principal = { ...user!, roles: ['serviceProvider'] };
});
afterAll(() => database.drop());

beforeEach(async () => {
  serviceId = (await createServiceInState(database.db, { objectOwnerId: principal.id, name: 'Block Storage' })).id;
  calls = [];
  let open = 0;
  const db = database.db;
  // The real database, with a note of whether a transaction is open: effects must come after the commit.
  const watched = Object.create(db, {
    transaction: {
      value: async (work: Parameters<Db['transaction']>[0]) => {
        open += 1;
        try {
          return await db.transaction(work);
        } finally {
          open -= 1;
        }
      },
    },
  }) as Db;
  writes = { db: watched, afterCommit: (effects) => calls.push({ effects, duringTransaction: open > 0 }) };
});

const serviceRow = async () => (await database.db.select().from(services).where(eq(services.id, serviceId)))[0]!;
const auditRows = () => database.db.select().from(auditEvents).where(eq(auditEvents.objectId, serviceId));
const commentCount = async () =>
  (await database.db.select().from(serviceComments).where(eq(serviceComments.serviceId, serviceId))).length;

const rename = (name: string) => async () => ({
  set: { name },
  events: [{ action: 'service.updated' as const, before: { name: 'Block Storage' }, after: { name } }],
  value: name,
});

describe('the write pipeline for a service', () => {
  it('writes the change, one new version and the typed event, then runs the effects once after the commit', async () => {
    const { object, value } = await changeService(writes, {
      id: serviceId,
      principal,
      version: 1,
      change: rename('Object Storage'),
    });
    expect(value).toBe('Object Storage');
    expect(object.row).toMatchObject({ name: 'Object Storage', version: 2 });
    expect(await serviceRow()).toMatchObject({ name: 'Object Storage', version: 2 });
    const events = await auditRows();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actorId: principal.id,
      actorName: 'olivia',
      objectType: 'service',
      action: 'service.updated',
      before: { name: 'Block Storage' },
      after: { name: 'Object Storage' },
    });
    expect(calls).toEqual([{ effects: [{ kind: 'publicPortfolio.changed' }], duringTransaction: false }]);
  });

  it('answers 409 on a stale version and writes nothing: no change run, no row change, no event, no effect', async () => {
    let ran = false;
    const attempt = changeService(writes, {
      id: serviceId,
      principal,
      version: 7,
      change: async () => {
        ran = true;
        return rename('Stale')();
      },
    });
    await expect(attempt).rejects.toMatchObject({ code: 'conflict' });
    expect(ran).toBe(false);
    expect(await serviceRow()).toMatchObject({ name: 'Block Storage', version: 1 });
    expect(await auditRows()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('lets the policy refuse before anything is written', async () => {
    const attempt = changeService(writes, {
      id: serviceId,
      principal,
      version: 1,
      authorize: () => {
        throw forbidden();
      },
      change: rename('Refused'),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'forbidden' });
    expect(await serviceRow()).toMatchObject({ name: 'Block Storage', version: 1 });
    expect(await auditRows()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('answers 404 for a service the caller may not see, as for one that does not exist', async () => {
    const stranger: AuthUser = { ...principal, id: '00000000-0000-4000-8000-000000000000', username: 'stranger' };
    await expect(
      changeService(writes, { id: serviceId, principal: stranger, change: rename('X') }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(changeService(writes, { id: 'not-a-uuid', principal, change: rename('X') })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(calls).toHaveLength(0);
  });

  it('rolls everything back when the change fails part-way, and runs no effect', async () => {
    const attempt = changeService(writes, {
      id: serviceId,
      principal,
      version: 1,
      change: async (tx, service) => {
        await tx.insert(serviceComments).values({ serviceId: service.row.id, authorName: 'olivia', text: 'written' });
        throw new Error('the change failed');
      },
    });
    await expect(attempt).rejects.toThrow('the change failed');
    expect(await commentCount()).toBe(0);
    expect(await serviceRow()).toMatchObject({ version: 1 });
    expect(await auditRows()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('writes nothing for a change that changes nothing: no version, no event, no effect', async () => {
    const { object } = await changeService(writes, {
      id: serviceId,
      principal,
      version: 1,
      change: async () => ({ events: [], value: null }),
    });
    expect(object.row.version).toBe(1);
    expect(await serviceRow()).toMatchObject({ version: 1 });
    expect(await auditRows()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('keeps the version for a change beside the row (a comment) and leaves the row’s caches alone', async () => {
    await changeService(writes, {
      id: serviceId,
      principal,
      change: async (tx, service) => {
        await tx.insert(serviceComments).values({ serviceId: service.row.id, authorName: 'olivia', text: 'Hello' });
        return { events: [{ action: 'service.comment.added', after: { comment: 'Hello' } }], value: null };
      },
    });
    expect(await serviceRow()).toMatchObject({ version: 1 });
    expect(await commentCount()).toBe(1);
    expect((await auditRows()).map((row) => row.action)).toEqual(['service.comment.added']);
    expect(calls).toHaveLength(0);
  });

  it('refuses an event its schema does not fit, or a new version without an event, and rolls back', async () => {
    const untyped = changeService(writes, {
      id: serviceId,
      principal,
      change: async () => ({
        set: { name: 'Untyped' },
        events: [{ action: 'service.renamed', after: { name: 'Untyped' } } as never],
        value: null,
      }),
    });
    await expect(untyped).rejects.toThrow(/unknown action service.renamed/);
    const badPayload = changeService(writes, {
      id: serviceId,
      principal,
      change: async () => ({
        set: { state: 'service_online' },
        events: [
          { action: 'service.transition', before: { state: 'nowhere' }, after: { state: 'service_online' } } as never,
        ],
        value: null,
      }),
    });
    await expect(badPayload).rejects.toThrow(/does not fit/);
    const silent = changeService(writes, {
      id: serviceId,
      principal,
      change: async () => ({ set: { name: 'Silent' }, events: [], value: null }),
    });
    await expect(silent).rejects.toThrow(/without an audit event/);
    expect(await serviceRow()).toMatchObject({ name: 'Block Storage', state: 'application_draft', version: 1 });
    expect(await auditRows()).toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('serialises concurrent changes on the row lock: the second sees the first’s version and gets 409', async () => {
    const results = await Promise.allSettled([
      changeService(writes, { id: serviceId, principal, version: 1, change: rename('First') }),
      changeService(writes, { id: serviceId, principal, version: 1, change: rename('Second') }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect((await serviceRow()).version).toBe(2);
    expect(await auditRows()).toHaveLength(1);
    expect(calls).toHaveLength(1);
  });
});

describe('a plain unit of work (creation, keywords)', () => {
  it('writes its events in its transaction and hands over its effects after the commit', async () => {
    const value = await runWrite(writes, { id: principal.id, name: principal.username }, async (tx) => {
      const [row] = await tx
        .execute(sql`select 1 as one`)
        .then((r) => (r as unknown as { rows: { one: number }[] }).rows);
      return {
        value: row!.one,
        events: [{ action: 'keyword.created', objectType: 'keyword', objectId: serviceId, after: { name: 'x' } }],
        effects: [{ kind: 'publicPortfolio.changed' }],
      };
    });
    expect(value).toBe(1);
    expect((await auditRows()).map((row) => [row.objectType, row.action])).toEqual([['keyword', 'keyword.created']]);
    expect(calls).toEqual([{ effects: [{ kind: 'publicPortfolio.changed' }], duringTransaction: false }]);
  });

  it('queues a change’s mails in its transaction and pokes the outbox after the commit; a rollback queues none', async () => {
    const mail: OutboxMessage = {
      kind: 'workflowStep',
      recipientId: principal.id,
      to: 'olivia@example.org',
      language: 'de',
      serviceId,
      path: `/sc/service/${serviceId}`,
      content: { serviceName: 'Block Storage', serviceNumber: 'SVC-1', actorName: 'Paula', state: 'service_online' },
    };
    const outbox = () => database.db.select().from(mailOutbox).where(eq(mailOutbox.serviceId, serviceId));
    const comment = (text: string) => ({
      objectType: 'service' as const,
      objectId: serviceId,
      action: 'service.comment.added' as const,
      after: { comment: text },
    });
    // A mail the table refuses (no address) rolls back the whole change: its event and the other mail too.
    const refused = runWrite(writes, { id: principal.id, name: 'olivia' }, async () => ({
      value: null,
      events: [comment('rolled back')],
      mails: [mail, { ...mail, to: ' ' }],
    }));
    await expect(refused).rejects.toThrow();
    expect(await outbox()).toEqual([]);
    expect(await auditRows()).toEqual([]);
    expect(calls).toEqual([]);

    await runWrite(writes, { id: principal.id, name: 'olivia' }, async () => ({
      value: null,
      events: [comment('kept')],
      mails: [mail],
    }));
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ toAddress: 'olivia@example.org', state: 'pending', tries: 0 });
    expect(rows[0]!.subject).toContain('Block Storage');
    expect(rows[0]!.body).toContain('Service öffnen: http://localhost:8080/sc/service/');
    expect(calls).toEqual([{ effects: [{ kind: 'mail.queued' }], duringTransaction: false }]);
  });
});
