import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { auditEvents, institutions, users } from '../db/schema.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { seedInstitutions, type TestInstitutions } from '../test/services-fixtures.js';
import { ssoLogin } from '../../../../scripts/lib/sso-browser.mjs';
import { upsertSsoUser } from './upsert-sso-user.js';
import type { AfterCommitEffect } from '../model/after-commit.js';
import { writesFor } from '../writes/after-commit.js';

let test: TestApp;
let ids: TestInstitutions;
const mapping = { prefix: 'urn:test:role:', map: {} };
const issuer = 'https://idp.test.example';

beforeAll(async () => {
  test = await createTestApp({ listen: true });
  ids = await seedInstitutions(test.database.db);
});
afterAll(() => test.close());

describe('the institution of a user who logs in through the AAI', () => {
  it('is the institution whose domain is the schac_home_organization, case-insensitively', async () => {
    const user = await upsertSsoUser(
      writesFor(test.database),
      { issuer, sub: 'u-1', preferredUsername: 'hanna', organisation: ' HPC-North.Example ' },
      mapping,
    );
    expect(user.organisation).toBe('HPC-North.Example');
    expect(user.institutionId).toBe(ids.HPCN);
  });

  it('follows the person at later logins, and stays when the IdP does not name an organisation', async () => {
    const claims = { issuer, sub: 'u-2', preferredUsername: 'jonas', organisation: 'hpc-north.example' };
    await upsertSsoUser(writesFor(test.database), claims, mapping);
    const moved = await upsertSsoUser(
      writesFor(test.database),
      { ...claims, organisation: 'datacenter-south.example' },
      mapping,
    );
    expect(moved).toMatchObject({ organisation: 'datacenter-south.example', institutionId: ids.DCS, version: 2 });
    const silent = await upsertSsoUser(writesFor(test.database), { ...claims, organisation: undefined }, mapping);
    expect(silent).toMatchObject({ organisation: 'datacenter-south.example', institutionId: ids.DCS, version: 2 });
    const unknown = await upsertSsoUser(
      writesFor(test.database),
      { ...claims, organisation: 'elsewhere.example' },
      mapping,
    );
    expect(unknown).toMatchObject({ organisation: 'elsewhere.example', institutionId: null });
    // An institution that gets the domain later is found at the next login.
    await test.database.db
      .insert(institutions)
      .values({ abbreviation: 'ELSE', name: 'Elsewhere', domain: 'Elsewhere.example' });
    const found = await upsertSsoUser(writesFor(test.database), claims, mapping);
    expect(found.institutionId).not.toBeNull();
  });

  it('is read from the dev IdP’s claim in a real single sign-on', async () => {
    await ssoLogin(test.baseUrl, 'bob');
    const [bob] = await test.database.db.select().from(users).where(eq(users.username, 'bob'));
    expect(bob).toMatchObject({ organisation: 'datacenter-south.example', institutionId: ids.DCS });
  });
});

describe('a first login that loses the race for its row', () => {
  it('is retried once and finds the row, with one event and a fresh principal', async () => {
    const db = test.database.db;
    const effects: AfterCommitEffect[] = [];
    let attempts = 0;
    // The other login's insert commits first: this attempt fails as PostgreSQL would answer it.
    const racing = Object.create(db, {
      transaction: {
        value: async (work: Parameters<Db['transaction']>[0]) => {
          attempts += 1;
          if (attempts === 1) throw Object.assign(new Error('duplicate key'), { code: '23505' });
          return db.transaction(work);
        },
      },
    }) as Db;
    const user = await upsertSsoUser(
      { db: racing, afterCommit: (done) => effects.push(...done) },
      { issuer, sub: 'u-race', preferredUsername: 'racer' },
      mapping,
    );
    expect(attempts).toBe(2);
    expect(user.username).toBe('racer');
    const events = await db.select().from(auditEvents).where(eq(auditEvents.objectId, user.id));
    expect(events.map((event) => [event.action, event.actorId])).toEqual([['user.created', user.id]]);
    expect(effects).toEqual([{ kind: 'principal.changed', userId: user.id }]);
  });

  it('gives up on any other failure', async () => {
    const failing = Object.create(test.database.db, {
      transaction: { value: () => Promise.reject(new Error('connection lost')) },
    }) as Db;
    await expect(
      upsertSsoUser({ db: failing, afterCommit: () => undefined }, { issuer, sub: 'u-lost' }, mapping),
    ).rejects.toThrow('connection lost');
  });
});

describe('the language of a federated login', () => {
  it('is kept at the first login and follows the portal language of later ones, and stays when none is given', async () => {
    const claims = { issuer, sub: 'u-language', preferredUsername: 'greta' };
    const first = await upsertSsoUser(writesFor(test.database), claims, mapping, 'de');
    expect(first.loginLanguage).toBe('de');
    const later = await upsertSsoUser(writesFor(test.database), claims, mapping, 'en');
    expect(later.loginLanguage).toBe('en');
    const silent = await upsertSsoUser(writesFor(test.database), claims, mapping);
    expect(silent.loginLanguage).toBe('en');
  });
});

describe('the groups of a federated login', () => {
  const hpc = { id: 'urn:test:group:hpc', name: 'hpc' };
  const storage = { id: 'urn:test:group:hpc:storage', name: 'hpc / storage' };

  it('are stored at the first login and replaced at later ones, with the change in the login event', async () => {
    const claims = { issuer, sub: 'u-groups', preferredUsername: 'gerd', groups: [hpc, storage] };
    const first = await upsertSsoUser(writesFor(test.database), claims, mapping);
    expect(first.groups).toEqual([hpc, storage]);
    const same = await upsertSsoUser(writesFor(test.database), claims, mapping);
    expect(same.version).toBe(first.version);
    const moved = await upsertSsoUser(writesFor(test.database), { ...claims, groups: [storage] }, mapping);
    expect(moved).toMatchObject({ groups: [storage], version: first.version + 1 });
    const none = await upsertSsoUser(writesFor(test.database), { ...claims, groups: undefined }, mapping);
    expect(none.groups).toEqual([]);

    const events = await test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.objectId, first.id))
      .orderBy(auditEvents.at);
    expect(events.map((event) => event.action)).toEqual(['user.created', 'login.sso', 'login.sso', 'login.sso']);
    expect(events[0]!.after).toMatchObject({ groups: [hpc, storage] });
    expect(events[1]!.before).toBeNull();
    expect(events[2]).toMatchObject({ before: { groups: [hpc, storage] }, after: { groups: [storage] } });
    expect(events[3]).toMatchObject({ before: { groups: [storage] }, after: { groups: [] } });
  });

  it('come from the dev IdP’s group entitlements in a real single sign-on', async () => {
    await ssoLogin(test.baseUrl, 'alice');
    const [alice] = await test.database.db.select().from(users).where(eq(users.username, 'alice'));
    expect(alice!.groups).toEqual([
      { id: 'urn:geant:nubes.example:group:hpc-north:staff', name: 'hpc-north / staff' },
      { id: 'urn:geant:nubes.example:group:hpc-north:storage-team', name: 'hpc-north / storage-team' },
    ]);
    expect(alice!.entitlementRoles).toEqual(['serviceProvider']);
  });
});
