import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedPrincipals, type TestApp, type TestPrincipal } from '../test/harness.js';
import { createServiceInState, seedInstitutions } from '../test/services-fixtures.js';
import { startTwoAppsOnOneDatabase, until, type TwoAppsOnOneDatabase } from '../test/two-apps-one-database.js';
import { startChangeListener } from './change-listener.js';
import { instanceIdOf, type ChangeNotice } from './change-notices.js';
import { hearsOtherInstances } from './listening-state.js';
import { listenerApplicationName } from '../caches/watch-other-instances.js';

/** A notice's way from one instance to the other, with room for a busy test machine. */
const NOTICE_BOUND_MS = 2000;

/**
 * Two apps on one PostgreSQL database, each with its own pool, caches and listener, as two
 * processes would have (docs/adr/0076-caches-kept-in-step-by-notify.md): a change through one
 * app's write pipeline reaches the other's public portfolio by notice; while the listener is down
 * the portfolio checks the database itself, and once it listens again it reads everything afresh.
 */
describe('caches kept in step by notices', () => {
  let apps: TwoAppsOnOneDatabase;
  let one: TestApp;
  let two: TestApp;
  let paula: TestPrincipal;
  let admin: TestPrincipal;
  let serviceId: string;

  const publicNames = async (app: TestApp) => {
    const response = await app.app.inject({ method: 'GET', url: '/api/public/services' });
    expect(response.statusCode).toBe(200);
    return (response.json() as { current: { name: string }[] }).current.map((service) => service.name);
  };
  const rename = async (app: TestApp, name: string) => {
    const current = await app.app.inject({
      method: 'GET',
      url: `/api/services/${serviceId}`,
      headers: bearer(paula.token),
    });
    const response = await app.app.inject({
      method: 'PATCH',
      url: `/api/services/${serviceId}`,
      payload: { name, version: (current.json() as { version: number }).version },
      headers: bearer(paula.token),
    });
    expect(response.statusCode).toBe(200);
  };
  /** The listener connections of the app's database, by process id. */
  const listenerPids = async (app: TestApp) =>
    (
      await apps.onServer('select pid from pg_stat_activity where application_name = $1', [
        listenerApplicationName(instanceIdOf(app.database.db)),
      ])
    ).rows.map((row: { pid: number }) => row.pid);

  beforeAll(async () => {
    apps = await startTwoAppsOnOneDatabase();
    ({ one, two } = apps);
    const principals = await seedPrincipals(one);
    paula = principals.find((p) => p.username === 'paula')!;
    admin = principals.find((p) => p.username === 'admin')!;
    const alice = principals.find((p) => p.username === 'alice')!;
    await seedInstitutions(one.database.db);
    serviceId = (
      await createServiceInState(one.database.db, {
        state: 'service_online',
        name: 'Notice storage',
        objectOwnerId: alice.id,
      })
    ).id;
  });
  afterAll(() => apps?.close());

  it('a rename through one instance shows in the other’s public portfolio as soon as the notice arrives', async () => {
    // Both hold the portfolio; while they listen, neither asks the database again on its own.
    for (const app of [one, two]) expect(await publicNames(app)).toContain('Notice storage');

    await rename(one, 'Notice archive');
    expect(await publicNames(one)).toContain('Notice archive');
    await until(NOTICE_BOUND_MS, async () => (await publicNames(two)).includes('Notice archive'), 'the rename on two');
  });

  it('an instance skips its own notices and hears the other’s, sent only with the commit', async () => {
    const heard = { own: [] as ChangeNotice[], foreign: [] as ChangeNotice[] };
    // Listeners beside the apps' own: one as app one (same id), one as a third instance.
    const listeners = [
      startChangeListener({
        client: () => one.database.dedicatedClient!('nubes-test-listener'),
        instanceId: instanceIdOf(one.database.db),
        onNotice: (notice) => heard.own.push(notice),
        onListening: () => undefined,
        onStopped: () => undefined,
      }),
      startChangeListener({
        client: () => one.database.dedicatedClient!('nubes-test-listener'),
        instanceId: 'a-third-instance',
        onNotice: (notice) => heard.foreign.push(notice),
        onListening: () => undefined,
        onStopped: () => undefined,
      }),
    ];
    try {
      await until(5000, () => listeners.every((listener) => listener.listening), 'the test listeners listen');
      await rename(one, 'Notice vault');
      const roles = await two.app.inject({
        method: 'PUT',
        url: `/api/user-accounts/${paula.id}/roles`,
        payload: { roles: ['servicePortfolioManager', 'contactManager'], expected: ['servicePortfolioManager'] },
        headers: bearer(admin.token),
      });
      expect(roles.statusCode).toBe(200);
      // Notices arrive in commit order: once two's is here, one's came before it, or never.
      await until(NOTICE_BOUND_MS, () => heard.own.length > 0, 'the other instance’s notice');
      expect(heard.own).toEqual([{ kind: 'principal', userId: paula.id }]);
      await until(NOTICE_BOUND_MS, () => heard.foreign.length === 2, 'both notices at a third instance');
      expect(heard.foreign).toEqual([{ kind: 'publicPortfolio' }, { kind: 'principal', userId: paula.id }]);
    } finally {
      await Promise.all(listeners.map((listener) => listener.close()));
    }
  });

  it('a lost listener leaves the other instance checking the database until it listens again', async () => {
    expect(await publicNames(two)).toContain('Notice vault');
    const [lostPid] = await listenerPids(two);
    expect(lostPid).toBeDefined();
    // No new connection to the database for now: the listener cannot come back before the test lets it.
    await apps.onServer(`alter database ${apps.name} with allow_connections false`, [], 'postgres');
    try {
      await apps.onServer('select pg_terminate_backend($1)', [lostPid], 'postgres');
      await until(5000, () => !hearsOtherInstances(two.database.db), 'the listener is lost');

      // Its notice is missed, but the portfolio asks the database itself now.
      await rename(one, 'Notice cellar');
      await until(
        NOTICE_BOUND_MS,
        async () => (await publicNames(two)).includes('Notice cellar'),
        'the rename on two by its own check',
      );
      expect(hearsOtherInstances(two.database.db)).toBe(false);
    } finally {
      await apps.onServer(`alter database ${apps.name} with allow_connections true`, [], 'postgres');
    }

    // Back with a new connection: it listens, and notices count again.
    await until(15_000, () => hearsOtherInstances(two.database.db), 'the listener is back');
    const pids = await listenerPids(two);
    expect(pids).toHaveLength(1);
    expect(pids).not.toContain(lostPid);
    await rename(one, 'Notice shelf');
    await until(NOTICE_BOUND_MS, async () => (await publicNames(two)).includes('Notice shelf'), 'the rename on two');
  });

  it('a change missed while the listener was away is read once it listens again', async () => {
    expect(await publicNames(two)).toContain('Notice shelf');
    const [pid] = await listenerPids(two);
    await apps.onServer(`alter database ${apps.name} with allow_connections false`, [], 'postgres');
    try {
      await apps.onServer('select pg_terminate_backend($1)', [pid], 'postgres');
      await until(5000, () => !hearsOtherInstances(two.database.db), 'the listener is lost');
      // Written beside the pipeline (no notice) while two is down, on a connection one's pool holds.
      await one.database.db.execute(
        sql`update services set name = 'Notice attic', version = version + 1, updated_at = now() where id = ${serviceId}`,
      );
    } finally {
      await apps.onServer(`alter database ${apps.name} with allow_connections true`, [], 'postgres');
    }
    // Nobody asked two meanwhile, and once it listens it never looks by itself: only the fresh start shows it.
    await until(15_000, () => hearsOtherInstances(two.database.db), 'the listener is back');
    expect(await publicNames(two)).toContain('Notice attic');
  });
});
