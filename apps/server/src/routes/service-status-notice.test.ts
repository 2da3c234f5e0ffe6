import type { PublicPortfolio, PublicServiceDetail, ServiceDetail, ServiceState } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, services } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

/** alice is object owner of every service here: the provider side. */
const serviceIn = (state: ServiceState) =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
  });

const step = (username: string | null, id: string, body: object, language?: string) =>
  env.test.app.inject({
    method: 'POST',
    url: `/api/services/${id}/transitions`,
    payload: body,
    headers: {
      ...env.as(username),
      ...(language ? { 'accept-language': language } : {}),
    },
  });

const rowOf = async (id: string) => (await env.test.database.db.select().from(services).where(eq(services.id, id)))[0]!;

// Far enough ahead that no run of this test reaches it.
const LATER = '2999-03-31';

describe('the status notice of "not available" and "full capacity reached"', () => {
  it('is stored with the step, audited, shown on the service and the public pages, and cleared when back online', async () => {
    const service = await serviceIn('service_online');
    const notice = { reason: '  Hardware replacement in the machine room  ', expectedEnd: LATER };
    const answer = await step('alice', service.id, { action: 'notAvailable', version: 1, notice });
    expect(answer.statusCode).toBe(200);
    expect(answer.json<ServiceDetail>()).toMatchObject({
      state: 'service_not_available',
      statusNotice: { reason: 'Hardware replacement in the machine room', expectedEnd: LATER },
    });
    expect(await rowOf(service.id)).toMatchObject({
      version: 2,
      statusReason: 'Hardware replacement in the machine room',
      statusExpectedEnd: LATER,
    });

    const [event] = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'service.transition')));
    expect(event).toMatchObject({
      before: { state: 'service_online', statusReason: null, statusExpectedEnd: null },
      after: {
        state: 'service_not_available',
        statusReason: 'Hardware replacement in the machine room',
        statusExpectedEnd: LATER,
      },
    });

    const portfolio = (
      await env.test.app.inject({ method: 'GET', url: '/api/public/services' })
    ).json<PublicPortfolio>();
    expect(portfolio.current.find((s) => s.serviceId === service.serviceId)?.statusNotice).toEqual({
      reason: 'Hardware replacement in the machine room',
      expectedEnd: LATER,
    });
    const page = (
      await env.test.app.inject({ method: 'GET', url: `/api/public/services/${service.serviceId}` })
    ).json<PublicServiceDetail>();
    expect(page.statusNotice).toEqual({ reason: 'Hardware replacement in the machine room', expectedEnd: LATER });

    // Full capacity replaces the notice; an empty one leaves none.
    const full = await step('alice', service.id, { action: 'fullCapacityReached', version: 2, notice: {} });
    expect(full.json<ServiceDetail>().statusNotice).toBeNull();

    await step('paula', service.id, { action: 'notAvailable', version: 3, notice: { reason: 'Maintenance' } });
    const back = await step('alice', service.id, { action: 'online', version: 4 });
    expect(back.statusCode).toBe(200);
    expect(back.json<ServiceDetail>()).toMatchObject({ state: 'service_online', statusNotice: null });
    expect(await rowOf(service.id)).toMatchObject({ statusReason: null, statusExpectedEnd: null });
    const again = (await env.test.app.inject({ method: 'GET', url: '/api/public/services' })).json<PublicPortfolio>();
    expect(again.current.find((s) => s.serviceId === service.serviceId)?.statusNotice).toBeNull();
  });

  it('answers 400 in the caller’s language for a bad or past date, a too long reason, a notice on another step; nothing changes', async () => {
    const service = await serviceIn('service_online');
    const bad = [
      {
        body: { reason: 'x', expectedEnd: '2999-02-30' },
        field: 'notice.expectedEnd',
        en: 'Please enter a valid date',
      },
      { body: { expectedEnd: '31.12.2999' }, field: 'notice.expectedEnd', en: 'Please enter a valid date' },
      {
        body: { expectedEnd: '2000-01-01' },
        field: 'notice.expectedEnd',
        en: 'The expected end cannot lie in the past.',
        de: 'Das voraussichtliche Ende darf nicht in der Vergangenheit liegen.',
      },
      { body: { reason: 'x'.repeat(501) }, field: 'notice.reason' },
      { body: { reason: 'x', colour: 'red' }, field: 'notice' },
    ];
    for (const { body, field, en, de } of bad) {
      const answer = await step('alice', service.id, { action: 'notAvailable', version: 1, notice: body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const fields = answer.json<{ fields: Record<string, string> }>().fields;
      expect(
        Object.keys(fields).some((key) => key.startsWith(field)),
        JSON.stringify(fields),
      ).toBe(true);
      if (en) expect(Object.values(fields)).toContain(en);
      if (de) {
        const german = await step('alice', service.id, { action: 'notAvailable', version: 1, notice: body }, 'de');
        expect(Object.values(german.json<{ fields: Record<string, string> }>().fields)).toContain(de);
      }
    }
    const discontinue = await step('paula', service.id, { action: 'discontinue', version: 1, notice: { reason: 'x' } });
    expect(discontinue.statusCode).toBe(400);
    expect(discontinue.json().message).toBe(
      'Only “Not available” and “Full capacity reached” take a reason and an expected end.',
    );
    expect(await rowOf(service.id)).toMatchObject({ version: 1, state: 'service_online', statusReason: null });
  });

  it('answers 401 without a session and 403 to someone who may not take the step; nothing changes', async () => {
    const service = await serviceIn('service_online');
    const body = { action: 'notAvailable', version: 1, notice: { reason: 'Maintenance', expectedEnd: LATER } };
    expect((await step(null, service.id, body)).statusCode).toBe(401);
    // bob reads every service beyond drafts but is not on this one's provider side.
    expect((await step('bob', service.id, body)).statusCode).toBe(403);
    expect((await step('ivan', service.id, body)).statusCode).toBe(403);
    expect(await rowOf(service.id)).toMatchObject({ version: 1, state: 'service_online', statusReason: null });
  });
});
