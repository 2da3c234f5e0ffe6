import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import type { Writes } from '../writes/pipeline.js';
import { verifyPassword } from '../auth/password.js';
import { ensureAdmin } from './ensure-admin.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let effects: AfterCommitEffect[];
let writes: Writes;

beforeAll(async () => {
  database = await openTestDatabase();
  effects = [];
  writes = { db: database.db, afterCommit: (done) => effects.push(...done) };
});
afterAll(() => database.drop());

// The cheapest cost the configuration allows: these tests are about the account, not the hash's strength.
const admin = { username: 'configured-admin', password: 'the first long password', passwordHashCost: 10 };
const row = async () => (await database.db.select().from(users).where(eq(users.username, admin.username)))[0]!;
const actions = async (userId: string) =>
  (await database.db.select().from(auditEvents).where(eq(auditEvents.objectId, userId))).map((event) => event.action);

describe('the configured admin', () => {
  it('is created once, and a restart with the same password writes nothing', async () => {
    await ensureAdmin(writes, admin);
    const created = await row();
    expect(created.roles).toEqual(['portalManager']);
    await ensureAdmin(writes, admin);
    expect(await row()).toMatchObject({ version: created.version, passwordHash: created.passwordHash });
    expect(await actions(created.id)).toEqual(['admin.created']);
    expect(effects).toEqual([]);
  });

  it('gets the new password with a new version, an event and a fresh principal', async () => {
    const before = await row();
    await ensureAdmin(writes, { ...admin, password: 'the second long password' });
    const after = await row();
    expect(after.version).toBe(before.version + 1);
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(await actions(before.id)).toEqual(['admin.created', 'admin.configured']);
    expect(effects).toEqual([{ kind: 'principal.changed', userId: before.id }]);
  });

  it('is hashed again with the same password when the configured cost changed, and not again after', async () => {
    const before = await row();
    expect(before.passwordHash).toMatch(/^scrypt\$1024\$/);
    const stronger = { ...admin, password: 'the second long password', passwordHashCost: 11 };
    await ensureAdmin(writes, stronger);
    const after = await row();
    expect(after.passwordHash).toMatch(/^scrypt\$2048\$/);
    expect(await verifyPassword(stronger.password, after.passwordHash!)).toBe(true);
    const configured = (await database.db.select().from(auditEvents).where(eq(auditEvents.objectId, before.id)))
      .filter((event) => event.action === 'admin.configured')
      .map((event) => (event.after as { password: string }).password);
    expect(configured.sort()).toEqual(['changed', 'rehashed']);
    await ensureAdmin(writes, stronger);
    expect((await row()).version).toBe(after.version);
  });

  it('is created once when instances start together on an empty database', async () => {
    const together = { ...admin, username: 'admin-of-two-instances' };
    await Promise.all([ensureAdmin(writes, together), ensureAdmin(writes, together)]);
    const rows = await database.db.select().from(users).where(eq(users.username, together.username));
    expect(rows).toHaveLength(1);
    expect(await actions(rows[0]!.id)).toEqual(['admin.created']);
  });
});
