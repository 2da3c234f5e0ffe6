import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../audit/actor.js';
import { pilotNoticesJob, runPilotNotices } from '../commands/pilots.js';
import { auditEvents, mailOutbox, services, users } from '../db/schema.js';
import { createScheduler } from '../scheduler/scheduler.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';
import { writesFor } from '../writes/after-commit.js';
import { runWrite } from '../writes/pipeline.js';

/** The moment the portal and the scheduler see; the tests move it, wall time never matters. */
let now = new Date('2027-03-01T09:00:00Z');
const env = useServiceWorld({ clock: () => now });

const { as, inject } = env;

/** A catalogue service of alice's that went online on the given day (noon in Berlin). */
const onlineService = async (
  onlineSince: string,
  state: 'service_online' | 'integration_planned' = 'service_online',
) => {
  const service = await createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });
  const [row] = await env.test.database.db
    .update(services)
    .set({ onlineSince: state === 'service_online' ? new Date(`${onlineSince}T10:00:00Z`) : null })
    .where(eq(services.id, service.id))
    .returning();
  return row!;
};

const pilotOf = async (id: string, username = 'alice') =>
  (await inject(username, 'GET', `/api/services/${id}/pilot`)).json();
const mark = (username: string | null, id: string, payload: object) =>
  inject(username, 'PUT', `/api/services/${id}/pilot`, payload);
const extend = (username: string | null, id: string, payload: object) =>
  inject(username, 'POST', `/api/services/${id}/pilot/extension`, payload);

/** A pilot of alice's online since the day, marked by paula; answers its id and version. */
const pilotService = async (onlineSince: string) => {
  const service = await onlineService(onlineSince);
  const marked = await mark('paula', service.id, { kind: 'pilot', version: service.version });
  expect(marked.statusCode, marked.body).toBe(200);
  return { id: service.id, version: marked.json().version as number };
};

const eventsOf = (serviceId: string, action: string) =>
  env.test.database.db
    .select({ before: auditEvents.before, after: auditEvents.after, actorName: auditEvents.actorName })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, serviceId), eq(auditEvents.action, action)));

const mailsOf = (serviceId: string) =>
  env.test.database.db
    .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.serviceId, serviceId), eq(mailOutbox.kind, 'pilotNotice')));

describe('marking a pilot', () => {
  it('answers 401 without a session, 403 to a provider, 400 for an unknown kind, 404 for an unknown service', async () => {
    const service = await onlineService('2027-01-10');
    expect((await mark(null, service.id, { kind: 'pilot', version: 1 })).statusCode).toBe(401);
    expect((await mark('alice', service.id, { kind: 'pilot', version: 1 })).statusCode).toBe(403);
    const bad = await mark('paula', service.id, { kind: 'trial', version: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_input', fields: { kind: expect.any(String) } });
    expect(
      (await mark('paula', '00000000-0000-4000-8000-000000000000', { kind: 'pilot', version: 1 })).statusCode,
    ).toBe(404);
    expect((await inject(null, 'GET', `/api/services/${service.id}/pilot`)).statusCode).toBe(401);
    expect((await inject('alice', 'GET', '/api/services/not-a-service/pilot')).statusCode).toBe(400);
    // alice's application draft is not carla's to see: it looks like a missing service.
    const draft = await onlineService('2027-01-10', 'integration_planned');
    await env.test.database.db.update(services).set({ state: 'application_draft' }).where(eq(services.id, draft.id));
    expect((await inject('carla', 'GET', `/api/services/${draft.id}/pilot`)).statusCode).toBe(404);
  });

  it('marks a service a pilot, version-checked and audited: its end one year after it went online', async () => {
    const service = await onlineService('2027-01-10');
    expect(await pilotOf(service.id)).toMatchObject({ kind: 'regular', endsOn: null, state: null });
    const marked = await mark('paula', service.id, { kind: 'pilot', version: service.version });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({
      kind: 'pilot',
      onlineSince: '2027-01-10',
      endsOn: '2028-01-10',
      originalEndsOn: '2028-01-10',
      extension: null,
      state: 'running',
      version: service.version + 1,
    });
    expect((await mark('paula', service.id, { kind: 'regular', version: service.version })).statusCode).toBe(409);
    expect(await eventsOf(service.id, 'pilot.kindSet')).toEqual([
      { before: { serviceKind: 'regular' }, after: { serviceKind: 'pilot' }, actorName: expect.any(String) },
    ]);
  });

  it('gives a pilot the pilots’ review interval, a regular service the default', async () => {
    const settings = await inject('paula', 'GET', '/api/review-schedule/settings');
    const saved = await inject('paula', 'PUT', '/api/review-schedule/settings', {
      defaultMonths: 12,
      pilotMonths: 6,
      version: settings.json().version,
    });
    expect(saved.statusCode).toBe(200);
    const service = await onlineService('2027-01-10');
    const nextReview = async () =>
      (await inject('alice', 'GET', `/api/services/${service.id}/review`)).json().nextReview.date;
    expect(await nextReview()).toBe('2028-01-10');
    const marked = await mark('paula', service.id, { kind: 'pilot', version: service.version });
    expect(await nextReview()).toBe('2027-07-10');
    await mark('paula', service.id, { kind: 'regular', version: marked.json().version });
    expect(await nextReview()).toBe('2028-01-10');
  });
});

describe('extending a pilot', () => {
  it('answers 401, 403 to a provider, 400 without a reason or with an end not after the current one', async () => {
    const pilot = await pilotService('2026-05-10');
    const valid = { reason: 'Users still testing', endsOn: '2027-11-10', version: pilot.version };
    expect((await extend(null, pilot.id, valid)).statusCode).toBe(401);
    expect((await extend('alice', pilot.id, valid)).statusCode).toBe(403);
    const noReason = await extend('paula', pilot.id, { ...valid, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ fields: { reason: expect.any(String) } });
    const earlier = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${pilot.id}/pilot/extension`,
      headers: { ...as('paula'), 'accept-language': 'de' },
      payload: { ...valid, endsOn: '2027-05-10' },
    });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json()).toMatchObject({ fields: { endsOn: 'Das neue Ende muss nach dem bisherigen Ende liegen.' } });
    expect((await pilotOf(pilot.id)).extension).toBeNull();
  });

  it('extends once (audited, version-checked); a second extension is refused with 409', async () => {
    const pilot = await pilotService('2026-05-10');
    expect(
      (await extend('paula', pilot.id, { reason: 'More time', endsOn: '2027-11-10', version: pilot.version - 1 }))
        .statusCode,
    ).toBe(409);
    const extended = await extend('paula', pilot.id, {
      reason: 'Users still testing',
      endsOn: '2027-11-10',
      version: pilot.version,
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({
      endsOn: '2027-11-10',
      originalEndsOn: '2027-05-10',
      extension: { endsOn: '2027-11-10', reason: 'Users still testing', by: { id: env.world.people.paula!.id } },
      // Now 2027-03-01: more than 6 months before the new end.
      state: 'running',
      version: pilot.version + 1,
    });
    const again = await extend('paula', pilot.id, {
      reason: 'Once more',
      endsOn: '2028-05-10',
      version: pilot.version + 1,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('only once');
    expect(await eventsOf(pilot.id, 'pilot.extended')).toEqual([
      {
        before: { endsOn: '2027-05-10' },
        after: { endsOn: '2027-11-10', reason: 'Users still testing' },
        actorName: expect.any(String),
      },
    ]);
  });

  it('refuses to extend a regular service or a service outside the catalogue with 409', async () => {
    const regular = await onlineService('2026-05-10');
    const answer = await extend('paula', regular.id, { reason: 'x', endsOn: '2028-01-01', version: regular.version });
    expect(answer.statusCode).toBe(409);
    const planned = await onlineService('2026-05-10', 'integration_planned');
    const marked = await mark('paula', planned.id, { kind: 'pilot', version: planned.version });
    expect(marked.json()).toMatchObject({ kind: 'pilot', endsOn: null, state: null });
    expect(
      (await extend('paula', planned.id, { reason: 'x', endsOn: '2028-01-01', version: marked.json().version }))
        .statusCode,
    ).toBe(409);
  });
});

describe('the pilots ending', () => {
  it('answers 401, 403 to a provider, 400 for an unknown state', async () => {
    expect((await inject(null, 'GET', '/api/pilots')).statusCode).toBe(401);
    expect((await inject('alice', 'GET', '/api/pilots')).statusCode).toBe(403);
    expect((await inject('paula', 'GET', '/api/pilots?state=late')).statusCode).toBe(400);
  });

  it('lists the running pilots by end with their state, filtered; a pilot taken offboarding leaves it', async () => {
    const due = await pilotService('2026-02-20');
    const notice = await pilotService('2026-05-20');
    const list = await inject('paula', 'GET', '/api/pilots?pageSize=100');
    expect(list.statusCode).toBe(200);
    const rows = list.json().items as { id: string; state: string; endsOn: string; extended: boolean }[];
    expect(rows.map((row) => row.endsOn)).toEqual([...rows.map((row) => row.endsOn)].sort());
    expect(rows.find((row) => row.id === due.id)).toMatchObject({ state: 'decisionDue', endsOn: '2027-02-20' });
    expect(rows.find((row) => row.id === notice.id)).toMatchObject({ state: 'notice9', extended: false });
    const dueOnly = (await inject('paula', 'GET', '/api/pilots?state=decisionDue&pageSize=100')).json();
    expect(dueOnly.items.map((row: { id: string }) => row.id)).toContain(due.id);
    expect(dueOnly.items.map((row: { state: string }) => row.state)).toEqual(dueOnly.items.map(() => 'decisionDue'));

    const csv = await inject('paula', 'GET', '/api/pilots/export.csv?state=decisionDue');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Decision due');

    // Starting offboarding is the workflow's step to service_discontinued.
    const step = await inject('paula', 'POST', `/api/services/${due.id}/transitions`, {
      action: 'discontinue',
      version: due.version,
    });
    expect(step.statusCode, step.body).toBe(200);
    const after = (await inject('paula', 'GET', '/api/pilots?pageSize=100')).json();
    expect(after.items.map((row: { id: string }) => row.id)).not.toContain(due.id);
  });

  it('shows the pilots with a notice on the homes: alice her own, paula all with the decisions due', async () => {
    const pilot = await pilotService('2026-02-25');
    const home = async (username: string) => (await inject(username, 'GET', '/api/dashboard')).json().pilots;
    const paula = await home('paula');
    expect(paula.items).toContainEqual(expect.objectContaining({ id: pilot.id, state: 'decisionDue' }));
    expect(paula.decisionDue).toBeGreaterThanOrEqual(1);
    const alice = await home('alice');
    expect(alice.items).toContainEqual(expect.objectContaining({ id: pilot.id, state: 'decisionDue' }));
    expect(alice.decisionDue).toBeNull();
    expect(await home('carla')).toBeNull();
  });
});

describe('the pilot notices job with a moved clock', () => {
  const scheduler = () =>
    createScheduler({ writes: writesFor(env.test.database), jobs: [pilotNoticesJob('Nubes')], clock: () => now });
  /** The job's body once more at the same moment, as a run repeated after a crash would do it. */
  const repeatBody = () =>
    runWrite(writesFor(env.test.database), SYSTEM_ACTOR, async (tx) => ({
      value: undefined,
      ...(await runPilotNotices(tx, now, 'Nubes')),
    }));

  it('mails the notices at 6 and 9 months once each and marks the decision due at 12 months', async () => {
    now = new Date('2027-03-01T09:00:00Z');
    const pilot = await pilotService('2027-03-01');
    const [paula] = await env.test.database.db.select().from(users).where(eq(users.username, 'paula'));
    const notices = async () => (await eventsOf(pilot.id, 'pilot.noticeSent')).map((event) => event.after);

    now = new Date('2027-08-31T09:00:00Z');
    expect(await scheduler().runJob('pilotNotices', { force: true })).toBe('ran');
    expect(await notices()).toEqual([]);

    now = new Date('2027-09-01T05:00:00Z');
    expect(await scheduler().runJob('pilotNotices', { force: true })).toBe('ran');
    expect(await notices()).toEqual([{ notice: 'notice6', endsOn: '2028-03-01' }]);
    const mails = await mailsOf(pilot.id);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      expect.arrayContaining([paula!.email, expect.stringContaining('alice')]),
    );
    expect(mails[0]!.subject).toContain('1.3.2028');
    expect((await pilotOf(pilot.id)).state).toBe('notice6');

    // Run again at the same moment, and the body alone as after a crash: nothing twice.
    expect(await scheduler().runJob('pilotNotices', { force: true })).toBe('ran');
    await repeatBody();
    expect(await notices()).toHaveLength(1);
    expect(await mailsOf(pilot.id)).toHaveLength(mails.length);

    now = new Date('2027-12-01T09:00:00Z');
    await scheduler().runJob('pilotNotices', { force: true });
    await repeatBody();
    expect(await notices()).toEqual([
      { notice: 'notice6', endsOn: '2028-03-01' },
      { notice: 'notice9', endsOn: '2028-03-01' },
    ]);
    expect(await mailsOf(pilot.id)).toHaveLength(mails.length * 2);

    now = new Date('2028-03-01T09:00:00Z');
    await scheduler().runJob('pilotNotices', { force: true });
    await scheduler().runJob('pilotNotices', { force: true });
    expect((await notices()).at(-1)).toEqual({ notice: 'decisionDue', endsOn: '2028-03-01' });
    expect(await notices()).toHaveLength(3);
    // The decision due is marked, not mailed.
    expect(await mailsOf(pilot.id)).toHaveLength(mails.length * 2);
    expect((await pilotOf(pilot.id)).state).toBe('decisionDue');
    expect((await eventsOf(pilot.id, 'pilot.noticeSent'))[0]!.actorName).toBe('system');
  });

  it('sends a pilot first seen at 10 months the 9-month notice only', async () => {
    now = new Date('2027-03-01T09:00:00Z');
    const pilot = await pilotService('2026-05-01');
    await scheduler().runJob('pilotNotices', { force: true });
    expect((await eventsOf(pilot.id, 'pilot.noticeSent')).map((event) => event.after)).toEqual([
      { notice: 'notice9', endsOn: '2027-05-01' },
    ]);
  });
});
