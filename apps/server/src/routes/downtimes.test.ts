import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { downtimesJob, runDowntimes } from '../commands/downtimes.js';
import { auditEvents, mailOutbox, services } from '../db/schema.js';
import { createScheduler } from '../scheduler/scheduler.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';
import { runWrite } from '../writes/pipeline.js';

/** The moment the portal and the scheduler see; the tests move it, wall time never matters. */
let now = new Date('2027-03-01T09:00:00Z');
const env = useServiceWorld({ clock: () => now });

const { as, inject } = env;

const at = (iso: string) => new Date(iso);
const hours = (from: Date, n: number) => new Date(from.getTime() + n * 60 * 60 * 1000).toISOString();

/** A catalogue service of alice's (online unless said otherwise) at the HPC centre. */
const aliceService = async (
  state: 'service_online' | 'service_full_capacity_reached' | 'integration_planned' = 'service_online',
) => {
  const service = await createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });
  const [row] = await env.test.database.db.select().from(services).where(eq(services.id, service.id));
  return row!;
};

const announcement = (overrides: object = {}) => ({
  severity: 'outage',
  startsAt: hours(now, 24),
  endsAt: hours(now, 26),
  descriptionEn: 'Storage upgrade',
  descriptionDe: 'Speicher-Erweiterung',
  ...overrides,
});

const announce = (username: string | null, serviceId: string, payload: object = announcement()) =>
  inject(username, 'POST', `/api/services/${serviceId}/downtimes`, payload);

/** A downtime alice announced; answers its body. */
const announced = async (serviceId: string, payload: object = announcement()) => {
  const response = await announce('alice', serviceId, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; version: number; state: string; endsAt: string };
};

const listOf = async (serviceId: string, username = 'alice') =>
  (await inject(username, 'GET', `/api/services/${serviceId}/downtimes`)).json();

const eventsOf = (serviceId: string, action: string) =>
  env.test.database.db
    .select({ before: auditEvents.before, after: auditEvents.after, actorName: auditEvents.actorName })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, serviceId), eq(auditEvents.action, action)));

const mailsOf = (serviceId: string, kind: 'downtimeAnnounced' | 'downtimeStarted') =>
  env.test.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.body })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.serviceId, serviceId), eq(mailOutbox.kind, kind)));

const serviceOf = async (id: string) =>
  (await env.test.database.db.select().from(services).where(eq(services.id, id)))[0]!;

const scheduler = () =>
  createScheduler({ writes: writesFor(env.test.database), jobs: [downtimesJob('Nubes')], clock: () => now });
const runJob = async () => expect(await scheduler().runJob('downtimes', { force: true })).toBe('ran');
/** The job's body once more at the same moment, as a run repeated after a crash would do it. */
const repeatBody = () =>
  runWrite(writesFor(env.test.database), SYSTEM_ACTOR, async (tx) => ({
    value: undefined,
    ...(await runDowntimes(tx, now, 'Nubes')),
  }));

describe('announcing a downtime', () => {
  it('answers 401 without a session, 403 to a reader who is no provider side, 404 to one who may not see it', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    expect((await announce(null, service.id)).statusCode).toBe(401);
    expect((await announce('bob', service.id)).statusCode).toBe(403);
    expect((await announce('ivan', service.id)).statusCode).toBe(403);
    // carla sees no service: a denied read looks like a missing one.
    expect((await announce('carla', service.id)).statusCode).toBe(404);
    expect((await inject('carla', 'GET', `/api/services/${service.id}/downtimes`)).statusCode).toBe(404);
    expect((await inject(null, 'GET', `/api/services/${service.id}/downtimes`)).statusCode).toBe(401);
    expect((await announce('alice', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await inject('alice', 'GET', '/api/services/not-an-id/downtimes')).statusCode).toBe(400);
  });

  it('answers 400 on bad times and a missing description, in the caller’s language', async () => {
    const service = await aliceService();
    const fields = async (payload: object, language = 'en') => {
      const response = await env.test.app.inject({
        method: 'POST',
        url: `/api/services/${service.id}/downtimes`,
        headers: { ...as('alice'), 'accept-language': language },
        payload,
      });
      expect(response.statusCode).toBe(400);
      return response.json().fields;
    };
    expect(await fields(announcement({ endsAt: hours(now, 23) }))).toEqual({
      endsAt: 'The end must be after the start.',
    });
    expect(await fields(announcement({ startsAt: hours(now, -5), endsAt: hours(now, -1) }))).toEqual({
      endsAt: 'The end must be in the future.',
    });
    expect(await fields(announcement({ descriptionEn: ' ', descriptionDe: '' }), 'de')).toEqual({
      descriptionEn: 'Beschreiben Sie die Ausfallzeit auf Englisch oder Deutsch.',
    });
    expect(Object.keys(await fields(announcement({ severity: 'minor', startsAt: 'tomorrow' })))).toEqual([
      'severity',
      'startsAt',
    ]);
    expect(await listOf(service.id)).toMatchObject({ items: [] });
  });

  it('answers 409 for a service outside the catalogue', async () => {
    const service = await aliceService('integration_planned');
    const refused = await announce('alice', service.id);
    expect(refused.statusCode).toBe(409);
  });

  it('announces for the provider side and the portfolio manager, audited, listed with canAnnounce', async () => {
    const service = await aliceService();
    const downtime = await announced(service.id);
    expect(downtime).toMatchObject({
      serviceId: service.id,
      severity: 'outage',
      state: 'coming',
      descriptionEn: 'Storage upgrade',
      announcedBy: { id: env.world.people.alice!.id, fullname: expect.any(String) },
      endedEarlyAt: null,
      cancelledAt: null,
      version: 1,
    });
    expect((await announce('paula', service.id, announcement({ severity: 'degraded' }))).statusCode).toBe(201);
    expect(await eventsOf(service.id, 'downtime.announced')).toHaveLength(2);
    const list = await listOf(service.id);
    expect(list.canAnnounce).toBe(true);
    expect(list.subscribed).toBe(false);
    expect(list.items).toHaveLength(2);
    const bobs = await listOf(service.id, 'bob');
    expect(bobs.canAnnounce).toBe(false);
    expect(bobs.items).toHaveLength(2);
  });
});

describe('subscriptions', () => {
  it('answers 401 without a session and 404 for a service the caller may not see', async () => {
    const service = await aliceService();
    const url = `/api/services/${service.id}/downtime-subscription`;
    expect((await inject(null, 'PUT', url)).statusCode).toBe(401);
    expect((await inject('nora', 'PUT', url)).statusCode).toBe(404);
    expect((await inject('nora', 'DELETE', url)).statusCode).toBe(404);
    // No body: any body is refused, not ignored.
    expect((await inject('ivan', 'PUT', url, { subscribed: true })).statusCode).toBe(400);
    const nullBody = await env.test.app.inject({
      method: 'PUT',
      url,
      headers: { ...as('ivan'), 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(nullBody.statusCode).toBe(400);
    expect((await inject('ivan', 'PUT', url, {})).statusCode).toBe(400);
    expect((await inject('ivan', 'PUT', url)).statusCode).toBe(204);
    expect((await inject('ivan', 'DELETE', url)).statusCode).toBe(204);
  });

  it('subscribes and unsubscribes idempotently; the subscriber gets the announcement once, in their language', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const url = `/api/services/${service.id}/downtime-subscription`;
    expect((await inject('bob', 'PUT', url)).statusCode).toBe(204);
    expect((await inject('bob', 'PUT', url)).statusCode).toBe(204);
    expect((await listOf(service.id, 'bob')).subscribed).toBe(true);
    expect(await eventsOf(env.world.people.bob!.id, 'downtimeSubscription.created')).toEqual([
      expect.objectContaining({ after: { serviceId: service.id } }),
    ]);
    // alice subscribes too, but is not mailed about her own announcement.
    expect((await inject('alice', 'PUT', url)).statusCode).toBe(204);
    await announced(service.id);
    const mails = await mailsOf(service.id, 'downtimeAnnounced');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toContain('bob');
    expect(mails[0]!.subject).toContain('downtime announced, 2.3.2027, 10:00 to 2.3.2027, 12:00');
    expect(mails[0]!.text).toContain('> Storage upgrade');

    expect((await inject('bob', 'DELETE', url)).statusCode).toBe(204);
    expect((await inject('bob', 'DELETE', url)).statusCode).toBe(204);
    expect((await listOf(service.id, 'bob')).subscribed).toBe(false);
    expect(await eventsOf(env.world.people.bob!.id, 'downtimeSubscription.deleted')).toHaveLength(1);
    await announced(service.id);
    expect(await mailsOf(service.id, 'downtimeAnnounced')).toHaveLength(1);
  });
});

describe('ending early, extending and cancelling', () => {
  const post = (username: string | null, id: string, what: 'extension' | 'end' | 'cancellation', payload: object) =>
    inject(username, 'POST', `/api/downtimes/${id}/${what}`, payload);

  it('answers 401, 403, 404 for a downtime of a service the caller may not see, 400 and 409', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const downtime = await announced(service.id);
    expect((await post(null, downtime.id, 'cancellation', { version: 1 })).statusCode).toBe(401);
    expect((await post('bob', downtime.id, 'cancellation', { version: 1 })).statusCode).toBe(403);
    expect((await post('carla', downtime.id, 'cancellation', { version: 1 })).statusCode).toBe(404);
    expect((await post('alice', '00000000-0000-4000-8000-000000000000', 'end', { version: 1 })).statusCode).toBe(404);
    expect((await post('alice', downtime.id, 'end', { version: 'one' })).statusCode).toBe(400);
    // Stale version.
    expect((await post('alice', downtime.id, 'cancellation', { version: 2 })).statusCode).toBe(409);
    // A coming downtime cannot be ended now.
    expect((await post('alice', downtime.id, 'end', { version: 1 })).statusCode).toBe(409);
    // Not later than the current end.
    const notLater = await post('alice', downtime.id, 'extension', { endsAt: downtime.endsAt, version: 1 });
    expect(notLater.statusCode).toBe(400);
    expect(notLater.json().fields).toEqual({ endsAt: 'The new end must be after the current end.' });
  });

  it('extends (a new version and an event with the old and new end) and cancels a coming downtime', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const downtime = await announced(service.id);
    const extended = await post('paula', downtime.id, 'extension', { endsAt: hours(now, 30), version: 1 });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ endsAt: hours(now, 30), version: 2, state: 'coming' });
    expect((await eventsOf(service.id, 'downtime.extended'))[0]).toMatchObject({
      before: { endsAt: downtime.endsAt },
      after: { downtimeId: downtime.id, endsAt: hours(now, 30) },
    });
    const cancelled = await post('alice', downtime.id, 'cancellation', { version: 2 });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', cancelledAt: now.toISOString(), version: 3 });
    expect((await post('alice', downtime.id, 'cancellation', { version: 3 })).statusCode).toBe(409);
    expect((await post('alice', downtime.id, 'extension', { endsAt: hours(now, 40), version: 3 })).statusCode).toBe(
      409,
    );
    // The job never starts a cancelled downtime.
    now = at('2027-03-02T11:00:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_online');
  });
});

describe('the downtimes job with a moved clock', () => {
  it('starts an outage: the service is not available with the notice, back online at the end; each once', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    expect((await inject('bob', 'PUT', `/api/services/${service.id}/downtime-subscription`)).statusCode).toBe(204);
    const downtime = await announced(service.id);

    // It starts at 9:00 UTC (10:00 in Berlin).
    now = at('2027-03-02T08:59:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_online');

    now = at('2027-03-02T09:00:30Z');
    await runJob();
    const moved = await serviceOf(service.id);
    expect(moved).toMatchObject({
      state: 'service_not_available',
      statusReason: 'Storage upgrade',
      statusExpectedEnd: '2027-03-02',
      version: service.version + 1,
    });
    expect((await listOf(service.id)).items[0]).toMatchObject({ id: downtime.id, state: 'current' });
    const started = await mailsOf(service.id, 'downtimeStarted');
    expect(started).toHaveLength(1);
    expect(started[0]!.to).toContain('bob');
    expect((await eventsOf(service.id, 'downtime.started'))[0]!.actorName).toBe('system');
    const transitions = await eventsOf(service.id, 'service.transition');
    expect(transitions).toEqual([
      expect.objectContaining({
        before: { state: 'service_online', statusReason: null, statusExpectedEnd: null },
        after: { state: 'service_not_available', statusReason: 'Storage upgrade', statusExpectedEnd: '2027-03-02' },
      }),
    ]);
    // The public page shows it current.
    const page = (await inject(null, 'GET', `/api/public/services/${service.serviceId}`)).json();
    expect(page.state).toBe('service_not_available');
    expect(page.downtimes).toEqual([
      expect.objectContaining({
        id: downtime.id,
        state: 'current',
        description: 'Storage upgrade',
        severity: 'outage',
      }),
    ]);

    // Again at the same moment, and the body alone as after a crash: nothing twice.
    await runJob();
    await repeatBody();
    expect(await mailsOf(service.id, 'downtimeStarted')).toHaveLength(1);
    expect(await eventsOf(service.id, 'downtime.started')).toHaveLength(1);
    expect((await serviceOf(service.id)).version).toBe(moved.version);

    now = at('2027-03-02T11:00:00Z');
    await runJob();
    await repeatBody();
    expect(await serviceOf(service.id)).toMatchObject({ state: 'service_online', statusReason: null });
    expect(await eventsOf(service.id, 'downtime.ended')).toEqual([
      expect.objectContaining({
        after: {
          downtimeId: downtime.id,
          severity: 'outage',
          startsAt: hours(now, -2),
          endsAt: downtime.endsAt,
          descriptionEn: 'Storage upgrade',
          descriptionDe: 'Speicher-Erweiterung',
          early: false,
        },
      }),
    ]);
    expect(await eventsOf(service.id, 'service.transition')).toHaveLength(2);
    expect((await inject(null, 'GET', `/api/public/services/${service.serviceId}`)).json().downtimes).toEqual([]);
  });

  it('brings a service at full capacity back to full capacity', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService('service_full_capacity_reached');
    await announced(service.id);
    now = at('2027-03-02T10:30:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_not_available');
    now = at('2027-03-02T12:30:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_full_capacity_reached');
  });

  it('changes no state for a degraded downtime, which the portfolio shows while it runs', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const downtime = await announced(service.id, announcement({ severity: 'degraded' }));
    const row = async () =>
      (await inject(null, 'GET', '/api/public/services'))
        .json()
        .current.find((entry: { serviceId: string }) => entry.serviceId === service.serviceId);
    expect((await row()).downtime).toMatchObject({ id: downtime.id, state: 'coming', severity: 'degraded' });
    now = at('2027-03-02T10:30:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_online');
    expect((await row()).downtime).toMatchObject({ id: downtime.id, state: 'current' });
    expect(await eventsOf(service.id, 'downtime.started')).toHaveLength(1);
    now = at('2027-03-02T12:30:00Z');
    await runJob();
    expect((await row()).downtime).toBeNull();
    expect(await eventsOf(service.id, 'service.transition')).toHaveLength(0);
  });

  it('leaves a service someone moved by hand meanwhile alone at the end', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    await announced(service.id);
    now = at('2027-03-02T10:30:00Z');
    await runJob();
    // alice reports full capacity by hand while the outage runs.
    const current = await serviceOf(service.id);
    const step = await inject('alice', 'POST', `/api/services/${service.id}/transitions`, {
      action: 'fullCapacityReached',
      version: current.version,
    });
    expect(step.statusCode, step.body).toBe(200);
    now = at('2027-03-02T12:30:00Z');
    await runJob();
    expect((await serviceOf(service.id)).state).toBe('service_full_capacity_reached');
  });

  it('ends a current outage early, restoring the state in the same write; extends a current one', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const downtime = await announced(service.id);
    now = at('2027-03-02T10:30:00Z');
    await runJob();
    const extended = await inject('alice', 'POST', `/api/downtimes/${downtime.id}/extension`, {
      endsAt: '2027-03-03T12:00:00.000Z',
      version: downtime.version,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    // The notice's expected end moves with it.
    expect((await serviceOf(service.id)).statusExpectedEnd).toBe('2027-03-03');
    expect(await eventsOf(service.id, 'service.updated')).toEqual([
      expect.objectContaining({
        before: { statusExpectedEnd: '2027-03-02' },
        after: { statusExpectedEnd: '2027-03-03' },
      }),
    ]);
    now = at('2027-03-02T11:00:00Z');
    const ended = await inject('alice', 'POST', `/api/downtimes/${downtime.id}/end`, {
      version: extended.json().version,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ state: 'ended', endsAt: now.toISOString(), endedEarlyAt: now.toISOString() });
    expect(await serviceOf(service.id)).toMatchObject({ state: 'service_online', statusReason: null });
    expect(await eventsOf(service.id, 'downtime.ended')).toEqual([
      expect.objectContaining({
        before: { endsAt: '2027-03-03T12:00:00.000Z' },
        after: expect.objectContaining({ downtimeId: downtime.id, endsAt: now.toISOString(), early: true }),
      }),
    ]);
    // The schedule's end finds nothing left to do.
    now = at('2027-03-03T13:00:00Z');
    await runJob();
    expect(await eventsOf(service.id, 'downtime.ended')).toHaveLength(1);
    expect(await eventsOf(service.id, 'service.transition')).toHaveLength(2);
  });
});

describe('the calendar feeds', () => {
  const parse = (body: string) => {
    const calendar = new ICAL.Component(ICAL.parse(body));
    return calendar.getAllSubcomponents('vevent').map((event) => ({
      uid: event.getFirstPropertyValue('uid'),
      summary: event.getFirstPropertyValue('summary'),
      status: event.getFirstPropertyValue('status'),
      sequence: event.getFirstPropertyValue('sequence'),
      start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
      end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
    }));
  };

  it('lists a service’s downtimes with a stable UID, the sequence of its changes and cancelled ones', async () => {
    now = at('2027-03-01T09:00:00Z');
    const service = await aliceService();
    const kept = await announced(service.id);
    const cancelled = await announced(
      service.id,
      announcement({ severity: 'degraded', startsAt: hours(now, 48), endsAt: hours(now, 50) }),
    );
    expect(
      (await inject('alice', 'POST', `/api/downtimes/${kept.id}/extension`, { endsAt: hours(now, 27), version: 1 }))
        .statusCode,
    ).toBe(200);
    expect(
      (await inject('alice', 'POST', `/api/downtimes/${cancelled.id}/cancellation`, { version: 1 })).statusCode,
    ).toBe(200);

    const feed = await env.test.app.inject({
      method: 'GET',
      url: `/api/public/services/${service.serviceId}/downtimes.ics`,
      headers: { 'accept-language': 'de' },
    });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const events = parse(feed.body);
    expect(events).toEqual([
      {
        uid: `${kept.id}@localhost`,
        summary: expect.stringContaining(': Ausfall'),
        status: 'CONFIRMED',
        sequence: 1,
        start: hours(now, 24),
        end: hours(now, 27),
      },
      expect.objectContaining({ uid: `${cancelled.id}@localhost`, status: 'CANCELLED', sequence: 1 }),
    ]);

    const all = await inject(null, 'GET', '/api/public/downtimes.ics');
    expect(all.statusCode).toBe(200);
    expect(parse(all.body).map((event) => event.uid)).toEqual(expect.arrayContaining([`${kept.id}@localhost`]));
    expect((await inject(null, 'GET', '/api/public/services/SVC-99999/downtimes.ics')).statusCode).toBe(404);
  });
});
