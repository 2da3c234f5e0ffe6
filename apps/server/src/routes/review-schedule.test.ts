import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const now = new Date('2027-06-01T09:00:00Z');
const env = useServiceWorld({ clock: () => now });

const { as } = env;
const settings = (username: string | null, method: 'GET' | 'PUT', payload?: object) =>
  env.test.app.inject({
    method,
    url: '/api/review-schedule/settings',
    headers: as(username),
    ...(payload ? { payload } : {}),
  });
const setDate = (username: string | null, id: string, payload: object) =>
  env.test.app.inject({ method: 'PUT', url: `/api/services/${id}/next-review`, headers: as(username), payload });
const serviceIn = (state: 'service_online' | 'integration_planned') =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });

describe('the review intervals', () => {
  it('answers 401 without a session and 403 to a provider', async () => {
    expect((await settings(null, 'GET')).statusCode).toBe(401);
    expect((await settings('alice', 'GET')).statusCode).toBe(403);
    expect((await settings('alice', 'PUT', { defaultMonths: 6, pilotMonths: 6, version: 0 })).statusCode).toBe(403);
  });

  it('refuses a month count out of bounds with 400, in the caller’s language', async () => {
    const answer = await env.test.app.inject({
      method: 'PUT',
      url: '/api/review-schedule/settings',
      headers: { ...as('paula'), 'accept-language': 'de' },
      payload: { defaultMonths: 0, pilotMonths: 6, version: 0 },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'invalid_input', fields: { defaultMonths: expect.any(String) } });
  });

  it('saves the intervals version-checked and audited; a stale version answers 409', async () => {
    expect((await settings('paula', 'GET')).json()).toEqual({ defaultMonths: 12, pilotMonths: 12, version: 0 });
    const saved = await settings('paula', 'PUT', { defaultMonths: 24, pilotMonths: 6, version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ defaultMonths: 24, pilotMonths: 6, version: 1 });
    expect((await settings('paula', 'PUT', { defaultMonths: 18, pilotMonths: 6, version: 0 })).statusCode).toBe(409);
    const events = await env.test.database.db
      .select({ before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'reviewSchedule.updated'));
    expect(events).toEqual([
      { before: { defaultMonths: 12, pilotMonths: 12 }, after: { defaultMonths: 24, pilotMonths: 6 } },
    ]);
    // Back to the default for the tests below.
    expect((await settings('paula', 'PUT', { defaultMonths: 12, pilotMonths: 6, version: 1 })).statusCode).toBe(200);
  });
});

describe('a service’s next review date', () => {
  it('answers 401, 403 to a provider, 400 for a day that does not exist, 404 for an unknown service', async () => {
    const service = await serviceIn('service_online');
    expect((await setDate(null, service.id, { date: '2027-07-01', version: 0 })).statusCode).toBe(401);
    expect((await setDate('alice', service.id, { date: '2027-07-01', version: 0 })).statusCode).toBe(403);
    expect((await setDate('paula', service.id, { date: '2027-02-30', version: 0 })).statusCode).toBe(400);
    expect(
      (await setDate('paula', '00000000-0000-4000-8000-000000000000', { date: '2027-07-01', version: 0 })).statusCode,
    ).toBe(404);
  });

  it('answers 409 for a service outside the catalogue', async () => {
    const service = await serviceIn('integration_planned');
    const answer = await setDate('paula', service.id, { date: '2027-07-01', version: 0 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: expect.stringContaining('catalogue') });
  });

  it('sets the date (audited), shows it on the service and in the due-soon view; a stale version answers 409', async () => {
    const service = await serviceIn('service_online');
    const review = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${service.id}/review`,
      headers: as('alice'),
    });
    expect(review.json().nextReview).toMatchObject({ setByManager: false, version: 0 });

    const saved = await setDate('paula', service.id, { date: '2027-06-20', version: 0 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ date: '2027-06-20', setByManager: true, version: 1 });
    expect((await setDate('paula', service.id, { date: '2027-06-21', version: 0 })).statusCode).toBe(409);

    const seen = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${service.id}/review`,
      headers: as('alice'),
    });
    expect(seen.json().nextReview).toEqual({ date: '2027-06-20', setByManager: true, version: 1 });
    const events = await env.test.database.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'review.dateSet')));
    expect(events).toEqual([{ after: { nextReviewOn: '2027-06-20' } }]);

    const soon = await env.test.app.inject({
      method: 'GET',
      url: '/api/reviews?schedule=dueSoon',
      headers: as('paula'),
    });
    expect(soon.statusCode).toBe(200);
    expect(soon.json().items).toContainEqual(expect.objectContaining({ id: service.id, nextReviewOn: '2027-06-20' }));
    const due = await env.test.app.inject({ method: 'GET', url: '/api/reviews?schedule=due', headers: as('paula') });
    expect(due.json().items.map((item: { id: string }) => item.id)).not.toContain(service.id);
  });

  it('refuses an unknown schedule filter with 400', async () => {
    const answer = await env.test.app.inject({
      method: 'GET',
      url: '/api/reviews?schedule=later',
      headers: as('paula'),
    });
    expect(answer.statusCode).toBe(400);
  });
});
