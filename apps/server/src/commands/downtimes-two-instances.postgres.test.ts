import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { loadPrincipal } from '../auth/principal.js';
import { auditEvents, downtimes, mailOutbox, services } from '../db/schema.js';
import { createScheduler } from '../scheduler/scheduler.js';
import { createServiceInState } from '../test/services-fixtures.js';
import { useTwoAppsWithServiceWorld, type TwoAppsOnOneDatabase } from '../test/two-apps-one-database.js';
import { writesFor } from '../writes/after-commit.js';
import { runWrite } from '../writes/pipeline.js';
import { announceDowntime, downtimesJob, runDowntimes, setDowntimeSubscription } from './downtimes.js';

const env = useTwoAppsWithServiceWorld();

/** The moment both instances see; the test moves it, wall time never matters. */
let now = new Date('2027-05-02T09:00:00Z');
const at = (iso: string) => new Date(iso);

type App = TwoAppsOnOneDatabase['one'];
const schedulerOf = (app: App) =>
  createScheduler({ writes: writesFor(app.database), jobs: [downtimesJob('Nubes')], clock: () => now });
/** The job's body alone, without the scheduler's advisory lock: only its own claims keep a start or end once. */
const bodyOn = (app: App) =>
  runWrite(writesFor(app.database), SYSTEM_ACTOR, async (tx) => ({
    value: undefined,
    ...(await runDowntimes(tx, now, 'Nubes')),
  }));

/** Both schedulers and both bare bodies at the same moment, on each instance's own connections. */
const runEverywhereAtOnce = async () => {
  const [one, two] = [schedulerOf(env.apps.one), schedulerOf(env.apps.two)];
  const outcomes = await Promise.all([
    one.runJob('downtimes', { force: true }),
    two.runJob('downtimes', { force: true }),
    bodyOn(env.apps.one),
    bodyOn(env.apps.two),
  ]);
  expect(outcomes.slice(0, 2).every((outcome) => outcome === 'ran' || outcome === 'busy')).toBe(true);
};

it('takes each start and each end once when two instances run the downtimes job at the same moment', async () => {
  const { db } = env.apps.one.database;
  const alice = (await loadPrincipal(db, env.world.people.alice!.id))!;
  const online = () =>
    createServiceInState(db, {
      state: 'service_online',
      objectOwnerId: alice.id,
      providerInstitutionId: env.world.institutions.HPCN,
    });
  const [down, slow] = [await online(), await online()];
  for (const username of ['bob', 'ivan']) {
    const subscriber = (await loadPrincipal(db, env.world.people[username]!.id))!;
    for (const service of [down, slow])
      await setDowntimeSubscription(writesFor(env.apps.two.database), subscriber, service.id, true);
  }
  const announce = (serviceId: string, severity: 'outage' | 'degraded') =>
    announceDowntime(
      writesFor(env.apps.one.database),
      alice,
      serviceId,
      {
        severity,
        startsAt: '2027-05-03T09:00:00Z',
        endsAt: '2027-05-03T11:00:00Z',
        descriptionEn: 'Storage upgrade',
        descriptionDe: 'Speicher-Erweiterung',
      },
      now,
    );
  const outage = await announce(down.id, 'outage');
  const degraded = await announce(slow.id, 'degraded');
  const ids = [down.id, slow.id];
  const eventsOf = async (action: string) =>
    (
      await db
        .select({ objectId: auditEvents.objectId })
        .from(auditEvents)
        .where(and(inArray(auditEvents.objectId, ids), eq(auditEvents.action, action)))
    )
      .map((event) => event.objectId)
      .sort();
  const startMails = async () =>
    (
      await db
        .select({ serviceId: mailOutbox.serviceId, to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(and(inArray(mailOutbox.serviceId, ids), eq(mailOutbox.kind, 'downtimeStarted')))
    )
      .map((mail) => `${mail.serviceId} ${mail.to}`)
      .sort();
  const serviceOf = async (id: string) => (await db.select().from(services).where(eq(services.id, id)))[0]!;

  // Both start at once, on both instances, twice over.
  now = at('2027-05-03T09:00:30Z');
  await runEverywhereAtOnce();
  await runEverywhereAtOnce();
  expect(await eventsOf('downtime.started')).toEqual([...ids].sort());
  // The outage moved its service once; the degraded one moved nothing.
  expect(await eventsOf('service.transition')).toEqual([down.id]);
  expect(await serviceOf(down.id)).toMatchObject({ state: 'service_not_available', version: down.version + 1 });
  expect(await serviceOf(slow.id)).toMatchObject({ state: 'service_online', version: slow.version });
  // One mail per subscriber and service.
  const mails = await startMails();
  expect(mails).toHaveLength(4);
  expect(new Set(mails).size).toBe(4);
  for (const id of ids) expect(mails.filter((mail) => mail.startsWith(id))).toHaveLength(2);
  const rows = await db
    .select()
    .from(downtimes)
    .where(inArray(downtimes.id, [outage.id, degraded.id]));
  expect(rows.map((row) => row.startedAt)).toEqual([now, now]);

  // Both end at once: each end taken once, the outage's service back online once, no mail more.
  now = at('2027-05-03T11:00:30Z');
  await runEverywhereAtOnce();
  await runEverywhereAtOnce();
  expect(await eventsOf('downtime.ended')).toEqual([...ids].sort());
  expect(await eventsOf('service.transition')).toEqual([down.id, down.id]);
  expect(await serviceOf(down.id)).toMatchObject({ state: 'service_online', version: down.version + 2 });
  expect(await startMails()).toEqual(mails);
  const ended = await db
    .select()
    .from(downtimes)
    .where(inArray(downtimes.id, [outage.id, degraded.id]));
  expect(ended.map((row) => row.finishedAt)).toEqual([now, now]);
});
