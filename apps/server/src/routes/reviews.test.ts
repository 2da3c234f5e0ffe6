import { REVIEWABLE_STATES, SERVICE_STATES, type ServiceState } from '@nubes/domain';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { markReviewEditRequired } from '../commands/reviews.js';
import { auditEvents, serviceReviews, services } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

/** alice is object owner of every service here (the provider side); bob is a stranger to them. */
const serviceIn = (state: ServiceState, providerInstitutionId: string | null = env.world.institutions.HPCN) =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId,
  });

const { as } = env;

const act = (username: string | null, id: string, action: string, version: number) =>
  env.test.app.inject({
    method: 'POST',
    url: `/api/services/${id}/review/${action}`,
    payload: { version },
    headers: as(username),
  });

const reviewOf = (username: string | null, id: string) =>
  env.test.app.inject({ method: 'GET', url: `/api/services/${id}/review`, headers: as(username) });

const list = (username: string | null, query = '') =>
  env.test.app.inject({ method: 'GET', url: `/api/reviews?${query}`, headers: as(username) });

const bulk = (username: string | null, payload: object) =>
  env.test.app.inject({ method: 'POST', url: '/api/reviews/bulk', payload, headers: as(username) });

const eventsOf = (id: string) =>
  env.test.database.db
    .select({ action: auditEvents.action, before: auditEvents.before, after: auditEvents.after })
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, id), like(auditEvents.action, 'review.%')))
    .orderBy(auditEvents.at);

describe('one service’s review', () => {
  it('runs start → confirm → end with one audit event each, and leaves the service’s version alone', async () => {
    const service = await serviceIn('service_online');
    const started = await act('paula', service.id, 'start', 0);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      review: { status: 'running', version: 1, startedBy: { fullname: expect.any(String) } },
    });

    const seen = await reviewOf('alice', service.id);
    expect(seen.json()).toMatchObject({ review: { status: 'running' }, actions: ['confirm'] });

    const confirmed = await act('alice', service.id, 'confirm', 1);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().review).toMatchObject({
      status: 'finishedOK',
      version: 2,
      answeredBy: { id: env.world.people.alice!.id },
    });

    const ended = await act('paula', service.id, 'end', 2);
    expect(ended.json().review).toMatchObject({ status: 'inactive', lastOutcome: 'finishedOK', startedAt: null });

    expect((await eventsOf(service.id)).map((e) => e.action)).toEqual([
      'review.started',
      'review.confirmed',
      'review.ended',
    ]);
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, service.id));
    expect(row!.version).toBe(service.version);
  });

  it('stop takes a running review back as if never started', async () => {
    const service = await serviceIn('integration_planned');
    await act('paula', service.id, 'start', 0);
    const stopped = await act('admin', service.id, 'stop', 1);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().review).toMatchObject({ status: 'inactive', lastOutcome: null, startedAt: null });
    // Nothing to stop any more, and an answered review is ended, not stopped.
    expect((await act('paula', service.id, 'stop', 2)).statusCode).toBe(409);
  });

  it('answers 401 without a session, 403 for other roles and for a stranger’s confirm, 404 for an unknown service', async () => {
    const service = await serviceIn('service_online');
    expect((await act(null, service.id, 'start', 0)).statusCode).toBe(401);
    expect((await reviewOf(null, service.id)).statusCode).toBe(401);
    for (const username of ['alice', 'ivan', 'desk', 'bob', 'nora'])
      expect((await act(username, service.id, 'start', 0)).statusCode, username).toBe(403);
    await act('paula', service.id, 'start', 0);
    // bob reads the service (a service provider) but is not its provider side; paula is no provider.
    expect((await act('bob', service.id, 'confirm', 1)).statusCode).toBe(403);
    expect((await act('paula', service.id, 'confirm', 1)).statusCode).toBe(403);
    // nora may not see the service at all: it looks missing.
    expect((await act('nora', service.id, 'confirm', 1)).statusCode).toBe(404);
    expect((await reviewOf('nora', service.id)).statusCode).toBe(404);
    expect((await act('paula', '00000000-0000-4000-8000-000000000000', 'start', 0)).statusCode).toBe(404);
  });

  it('answers 409 for a stale version, a status that does not allow the action and a state that cannot be reviewed', async () => {
    const service = await serviceIn('service_online');
    expect((await act('paula', service.id, 'start', 3)).statusCode).toBe(409);
    expect((await act('paula', service.id, 'end', 0)).statusCode).toBe(409);
    expect((await act('alice', service.id, 'confirm', 0)).statusCode).toBe(409);
    const retired = await serviceIn('service_retired');
    const refused = await act('paula', retired.id, 'start', 0);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/can be reviewed/);
  });

  it('answers 400 for a body without a version or with a wrong one', async () => {
    const service = await serviceIn('service_online');
    const missing = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${service.id}/review/start`,
      payload: {},
      headers: as('paula'),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_input', fields: { version: expect.any(String) } });
    expect((await act('paula', service.id, 'start', -1)).statusCode).toBe(400);
    expect((await act('paula', 'not-a-uuid', 'start', 0)).statusCode).toBe(400);
  });

  it('starts only in the four reviewable states', async () => {
    for (const state of SERVICE_STATES) {
      const service = await serviceIn(state);
      const answer = await act('paula', service.id, 'start', 0);
      expect(answer.statusCode, state).toBe((REVIEWABLE_STATES as readonly string[]).includes(state) ? 200 : 409);
    }
  });
});

describe('markReviewEditRequired', () => {
  it('turns a running review into editRequired and leaves every other status alone', async () => {
    const service = await serviceIn('service_online');
    const idle = await env.test.database.db.transaction((tx) => markReviewEditRequired(tx, service.id));
    expect(idle.events).toEqual([]);
    await act('paula', service.id, 'start', 0);
    const marked = await env.test.database.db.transaction((tx) =>
      markReviewEditRequired(tx, service.id, env.world.people.alice!.id),
    );
    expect(marked.events).toEqual([
      { action: 'review.editRequired', before: { reviewStatus: 'running' }, after: { reviewStatus: 'editRequired' } },
    ]);
    const [row] = await env.test.database.db
      .select()
      .from(serviceReviews)
      .where(eq(serviceReviews.serviceId, service.id));
    expect(row).toMatchObject({ status: 'editRequired', answeredById: env.world.people.alice!.id, version: 2 });
    const again = await env.test.database.db.transaction((tx) => markReviewEditRequired(tx, service.id));
    expect(again.events).toEqual([]);
  });
});

describe('the review list and bulk actions', () => {
  it('is for portfolio managers only', async () => {
    expect((await list(null)).statusCode).toBe(401);
    for (const username of ['alice', 'ivan', 'desk', 'nora'])
      expect((await list(username)).statusCode, username).toBe(403);
    expect((await list('paula')).statusCode).toBe(200);
    expect((await list('admin')).statusCode).toBe(200);
    expect((await list('paula', 'status=sleeping')).statusCode).toBe(400);
    expect((await bulk(null, { action: 'start', filters: {}, count: 1 })).statusCode).toBe(401);
    expect((await bulk('alice', { action: 'start', filters: {}, count: 1 })).statusCode).toBe(403);
    expect((await bulk('paula', { action: 'start', filters: {}, count: 0 })).statusCode).toBe(400);
    expect((await bulk('paula', { action: 'confirm', filters: {}, count: 1 })).statusCode).toBe(400);
    expect((await bulk('alice', { action: 'stop', filters: {}, count: 1 })).statusCode).toBe(403);
    expect((await bulk(null, { action: 'stop', filters: {}, count: 1 })).statusCode).toBe(401);
  });

  it('starts the eligible services of a filtered list in one go, after the confirmed count, and ends them', async () => {
    const provider = env.world.institutions.KLC;
    const online = [await serviceIn('service_online', provider), await serviceIn('service_online', provider)];
    const notAvailable = await serviceIn('service_not_available', provider);
    const pipeline = await serviceIn('integration_planned', provider);
    const alreadyRunning = await serviceIn('service_online', provider);
    await act('paula', alreadyRunning.id, 'start', 0);
    const query = `provider=${provider}&tab=catalogue`;

    const before = (await list('paula', query)).json();
    // The catalogue tab lists reviewable service_online and the running one; not_available is not reviewable.
    expect(before.items.map((item: { id: string }) => item.id).sort()).toEqual(
      [...online.map((s) => s.id), alreadyRunning.id].sort(),
    );
    expect(before.eligible).toEqual({ start: 2, stop: 1, end: 1 });

    const filters = { provider, tab: 'catalogue' };
    const stale = await bulk('paula', { action: 'start', filters, count: 3 });
    expect(stale.statusCode).toBe(409);
    expect((await list('paula', query)).json().eligible).toEqual({ start: 2, stop: 1, end: 1 });

    const started = await bulk('paula', { action: 'start', filters, count: 2 });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ count: 2 });
    for (const service of online) expect((await eventsOf(service.id)).map((e) => e.action)).toEqual(['review.started']);
    expect(await eventsOf(notAvailable.id)).toEqual([]);
    expect(await eventsOf(pipeline.id)).toEqual([]);

    const after = (await list('paula', `${query}&status=running`)).json();
    expect(after.total).toBe(3);
    expect(after.eligible).toEqual({ start: 0, stop: 3, end: 3 });
    // The same request again finds nothing left to start.
    expect((await bulk('paula', { action: 'start', filters, count: 2 })).statusCode).toBe(409);

    await act('alice', online[0]!.id, 'confirm', 1);
    const ended = await bulk('admin', { action: 'end', filters, count: 3 });
    expect(ended.json()).toEqual({ count: 3 });
    expect((await eventsOf(online[0]!.id)).at(-1)).toMatchObject({
      action: 'review.ended',
      before: { reviewStatus: 'finishedOK' },
    });
    const done = (await list('paula', query)).json();
    expect(done.items.every((item: { review: { status: string } }) => item.review.status === 'inactive')).toBe(true);
    expect((await reviewOf('paula', online[0]!.id)).json().review.lastOutcome).toBe('finishedOK');
  });

  it('stops the running, unanswered reviews of a filtered list in one go, as if they had never started', async () => {
    const provider = env.world.institutions.CCM;
    const [running, answered, idle] = [
      await serviceIn('service_online', provider),
      await serviceIn('integration_planned', provider),
      await serviceIn('service_online', provider),
    ];
    const filters = { provider };
    await bulk('paula', { action: 'start', filters: { provider }, ids: [running.id, answered.id], count: 2 });
    await act('alice', answered.id, 'confirm', 1);
    expect((await list('paula', `provider=${provider}`)).json().eligible).toEqual({ start: 1, stop: 1, end: 2 });

    expect((await bulk('paula', { action: 'stop', filters, count: 2 })).statusCode).toBe(409);
    expect((await eventsOf(running.id)).map((e) => e.action)).toEqual(['review.started']);
    const stopped = await bulk('paula', { action: 'stop', filters, count: 1 });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ count: 1 });
    expect((await eventsOf(running.id)).at(-1)).toMatchObject({
      action: 'review.stopped',
      before: { reviewStatus: 'running' },
      after: { reviewStatus: 'inactive' },
    });
    // An answered review is ended, not stopped; a service without one has nothing to stop.
    expect((await eventsOf(answered.id)).map((e) => e.action)).toEqual(['review.started', 'review.confirmed']);
    expect(await eventsOf(idle.id)).toEqual([]);
    const review = (await reviewOf('paula', running.id)).json();
    expect(review.review).toMatchObject({ status: 'inactive', startedAt: null, lastOutcome: null });
    expect((await list('paula', `provider=${provider}`)).json().eligible).toEqual({ start: 2, stop: 0, end: 1 });
  });

  it('starts the reviews of selected services only, with the same count guard, one event per service', async () => {
    const provider = env.world.institutions.KLC;
    const [first, second, third] = [
      await serviceIn('service_online', provider),
      await serviceIn('integration_in_progress', provider),
      await serviceIn('service_online', provider),
    ];
    const draft = await serviceIn('application_received', provider);
    // Selected services in no reviewable state are not counted: a selection of three with a draft starts two.
    const ids = [first.id, second.id, draft.id];
    expect((await bulk('paula', { action: 'start', filters: {}, ids, count: 3 })).statusCode).toBe(409);
    expect(await eventsOf(first.id)).toEqual([]);
    const started = await bulk('paula', { action: 'start', filters: {}, ids, count: 2 });
    expect(started.json()).toEqual({ count: 2 });
    expect((await eventsOf(first.id)).map((e) => e.action)).toEqual(['review.started']);
    expect((await eventsOf(second.id)).map((e) => e.action)).toEqual(['review.started']);
    expect(await eventsOf(third.id)).toEqual([]);
    // Started already: the same selection now starts nothing, and says the number changed.
    const again = await bulk('paula', { action: 'start', filters: {}, ids: [first.id], count: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/different number/);

    expect((await bulk('paula', { action: 'start', filters: {}, ids: [], count: 1 })).statusCode).toBe(400);
    expect((await bulk('paula', { action: 'start', filters: {}, ids: ['nope'], count: 1 })).statusCode).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await bulk('paula', { action: 'start', filters: {}, ids: tooMany, count: 1 })).statusCode).toBe(400);
    expect((await bulk('alice', { action: 'start', filters: {}, ids, count: 2 })).statusCode).toBe(403);
    expect((await bulk(null, { action: 'start', filters: {}, ids, count: 2 })).statusCode).toBe(401);
  });

  it('sorts by review status and shows who answered', async () => {
    const provider = env.world.institutions.UW;
    const [a, b] = [await serviceIn('service_online', provider), await serviceIn('service_online', provider)];
    await act('paula', a.id, 'start', 0);
    await act('paula', b.id, 'start', 0);
    await act('alice', b.id, 'confirm', 1);
    const page = (await list('paula', `provider=${provider}&sort=status&order=desc`)).json();
    expect(page.items[0]).toMatchObject({
      id: b.id,
      review: { status: 'finishedOK', answeredBy: expect.stringMatching(/\w/) },
    });
    // A row carries what the list's columns show and what its actions need, nothing more.
    expect(Object.keys(page.items[0]).sort()).toEqual([
      'actions',
      'id',
      'name',
      'nextReviewOn',
      'providerInstitution',
      'review',
      'serviceId',
      'state',
    ]);
    expect(Object.keys(page.items[0].review).sort()).toEqual(['answeredBy', 'startedAt', 'status', 'version']);
    expect(page.items[0].providerInstitution).toEqual({ abbreviation: 'UW', name: expect.any(String) });
    expect(page.items[1]).toMatchObject({ id: a.id, actions: ['stop', 'end'] });
  });

  it('My Services lists the caller’s services waiting for an answer', async () => {
    const service = await serviceIn('service_information_draft', env.world.institutions.REC);
    await act('paula', service.id, 'start', 0);
    const mine = await env.test.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: as('alice') });
    expect(mine.json().items.map((item: { id: string }) => item.id)).toContain(service.id);
    const others = await env.test.app.inject({ method: 'GET', url: '/api/reviews/mine', headers: as('bob') });
    expect(others.json().items.map((item: { id: string }) => item.id)).not.toContain(service.id);
    expect((await env.test.app.inject({ method: 'GET', url: '/api/reviews/mine' })).statusCode).toBe(401);
  });
});
