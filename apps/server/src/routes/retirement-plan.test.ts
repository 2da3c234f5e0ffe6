import type { PublicServiceDetail, RetirementPlan, ServiceState } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, services } from '../db/schema.js';
import { COMPLETE_RETIREMENT_PLAN, createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

/** alice is object owner of every service here: the provider side; paula is the portfolio manager. */
const serviceIn = (state: ServiceState, extra: Partial<Parameters<typeof createServiceInState>[1]> = {}) =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
    retirementPlan: null,
    ...extra,
  });

const headers = (username: string | null, language?: string) => ({
  ...env.as(username),
  ...(language ? { 'accept-language': language } : {}),
});
const readPlan = (username: string | null, id: string) =>
  env.test.app.inject({ method: 'GET', url: `/api/services/${id}/retirement-plan`, headers: headers(username) });
const savePlan = (username: string | null, id: string, payload: object, language?: string) =>
  env.test.app.inject({
    method: 'PUT',
    url: `/api/services/${id}/retirement-plan`,
    headers: headers(username, language),
    payload,
  });
const retire = (username: string, id: string, version: number, language?: string) =>
  env.test.app.inject({
    method: 'POST',
    url: `/api/services/${id}/transitions`,
    headers: headers(username, language),
    payload: { action: 'retire', version },
  });

const EMPTY = {
  reason: null,
  plannedEndOn: null,
  usersToldOn: null,
  usersToldHow: null,
  dataExportUntil: null,
  dataDeletionOn: null,
  successorId: null,
};

describe('GET and PUT /api/services/:id/retirement-plan', () => {
  it('answers 401 without a session, 403 to readers off the provider side, 404 to those who do not see it', async () => {
    const service = await serviceIn('service_discontinued');
    expect((await readPlan(null, service.id)).statusCode).toBe(401);
    expect((await savePlan(null, service.id, { ...EMPTY, version: 0 })).statusCode).toBe(401);
    for (const reader of ['bob', 'desk', 'ivan']) {
      expect((await readPlan(reader, service.id)).statusCode, reader).toBe(403);
      expect((await savePlan(reader, service.id, { ...EMPTY, version: 0 })).statusCode, reader).toBe(403);
    }
    expect((await readPlan('nora', service.id)).statusCode).toBe(404);
    expect((await savePlan('nora', service.id, { ...EMPTY, version: 0 })).statusCode).toBe(404);
  });

  it('refuses bad input with 400 in the caller’s language and writes nothing', async () => {
    const service = await serviceIn('service_discontinued');
    const badDay = await savePlan('alice', service.id, { ...EMPTY, plannedEndOn: '2027-02-30', version: 0 }, 'de');
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json()).toMatchObject({ error: 'invalid_input', fields: { plannedEndOn: expect.any(String) } });
    const order = await savePlan(
      'alice',
      service.id,
      { ...EMPTY, plannedEndOn: '2027-06-30', usersToldOn: '2027-07-01', version: 0 },
      'de',
    );
    expect(order.statusCode).toBe(400);
    expect(order.json().fields).toEqual({
      usersToldOn: 'Die Nutzenden müssen vor dem geplanten Ende informiert werden.',
    });
    expect((await savePlan('alice', service.id, { ...EMPTY, version: 0, extra: 1 })).statusCode).toBe(400);
    const self = await savePlan('alice', service.id, { ...EMPTY, successorId: service.id, version: 0 });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ successorId: 'A service cannot succeed itself.' });
    const retired = await serviceIn('service_retired');
    const hidden = await serviceIn('application_draft', { objectOwnerId: env.world.people.bob!.id });
    for (const successor of [retired, hidden]) {
      const answer = await savePlan('alice', service.id, { ...EMPTY, successorId: successor.id, version: 0 });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().fields).toEqual({
        successorId: 'This service cannot be the successor: it is retired, or you may not see it.',
      });
    }
    expect((await readPlan('alice', service.id)).json<RetirementPlan>()).toMatchObject({ ...EMPTY, version: 0 });
  });

  it('answers 409 outside offboarding and for a stale version', async () => {
    const online = await serviceIn('service_online');
    const outside = await savePlan('paula', online.id, { ...EMPTY, reason: 'Old', version: 0 });
    expect(outside.statusCode).toBe(409);
    expect(outside.json().message).toBe(
      'The retirement plan can only be changed while the service is being offboarded.',
    );
    const service = await serviceIn('service_discontinued');
    expect((await savePlan('alice', service.id, { ...EMPTY, reason: 'First', version: 0 })).statusCode).toBe(200);
    expect((await savePlan('paula', service.id, { ...EMPTY, reason: 'Second', version: 0 })).statusCode).toBe(409);
    expect((await readPlan('paula', service.id)).json<RetirementPlan>()).toMatchObject({ reason: 'First', version: 1 });
  });

  it('is filled in by the provider side and the portfolio manager, audited old → new, in the service history', async () => {
    const service = await serviceIn('service_discontinued');
    const successor = await serviceIn('service_online', { name: 'Object Storage Next' });
    const empty = (await readPlan('alice', service.id)).json<RetirementPlan>();
    expect(empty).toMatchObject({ ...EMPTY, version: 0, editable: true, successor: null });
    expect(Object.keys(empty.problems)).toHaveLength(6);

    const partial = await savePlan('alice', service.id, { ...EMPTY, reason: '  Hardware end of life  ', version: 0 });
    expect(partial.statusCode).toBe(200);
    expect(partial.json<RetirementPlan>()).toMatchObject({ reason: 'Hardware end of life', version: 1 });
    expect(partial.json<RetirementPlan>().problems.reason).toBeUndefined();

    const full = await savePlan('paula', service.id, {
      ...COMPLETE_RETIREMENT_PLAN,
      reason: 'Hardware end of life',
      successorId: successor.id,
      version: 1,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json<RetirementPlan>()).toMatchObject({
      version: 2,
      problems: {},
      successor: { id: successor.id, name: 'Object Storage Next', state: 'service_online' },
    });
    // Saving the same again changes nothing: no version, no event.
    const same = await savePlan('paula', service.id, {
      ...COMPLETE_RETIREMENT_PLAN,
      reason: 'Hardware end of life',
      successorId: successor.id,
      version: 2,
    });
    expect(same.json<RetirementPlan>().version).toBe(2);

    const events = await env.test.database.db
      .select({ actorId: auditEvents.actorId, before: auditEvents.before, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'service.retirementPlan.updated')))
      .orderBy(auditEvents.at);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({
      actorId: env.world.people.alice!.id,
      before: { reason: null },
      after: { reason: 'Hardware end of life' },
    });
    expect(events[1]!.before).toMatchObject({ plannedEndOn: null, successorId: null });
    expect(events[1]!.after).toMatchObject({ plannedEndOn: '2027-06-30', successorId: successor.id });

    const history = await env.test.app.inject({
      method: 'GET',
      url: `/api/services/${service.id}/history`,
      headers: headers('alice'),
    });
    const entry = history
      .json<{ items: { action: string; changes: { field: string; after: unknown }[] }[] }>()
      .items.find((item) => item.action === 'service.retirementPlan.updated' && item.changes.length > 1);
    // The successor reads by its name.
    expect(entry?.changes).toContainEqual(
      expect.objectContaining({ field: 'successorId', after: 'Object Storage Next' }),
    );
  });
});

describe('the retire step', () => {
  it('refuses with the plan’s missing items named in the caller’s language, then retires with a complete plan', async () => {
    const service = await serviceIn('service_discontinued');
    await savePlan('alice', service.id, { ...EMPTY, reason: 'Hardware end of life', version: 0 });
    const refused = await retire('paula', service.id, 1, 'de');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Service kann nicht außer Betrieb genommen werden: Der Plan zur Außerbetriebnahme ist unvollständig',
    );
    expect(Object.keys(refused.json().fields).sort()).toEqual(
      ['dataDeletionOn', 'dataExportUntil', 'plannedEndOn', 'usersToldHow', 'usersToldOn'].sort(),
    );
    const [row] = await env.test.database.db.select().from(services).where(eq(services.id, service.id));
    expect(row).toMatchObject({ state: 'service_discontinued', version: 1 });

    expect((await savePlan('alice', service.id, { ...COMPLETE_RETIREMENT_PLAN, version: 1 })).statusCode).toBe(200);
    expect((await retire('alice', service.id, 1)).statusCode).toBe(403);
    const retired = await retire('paula', service.id, 1);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().state).toBe('service_retired');

    // Kept for reading, no longer edited.
    expect((await readPlan('alice', service.id)).json<RetirementPlan>()).toMatchObject({
      editable: false,
      reason: COMPLETE_RETIREMENT_PLAN.reason,
    });
    expect((await savePlan('paula', service.id, { ...COMPLETE_RETIREMENT_PLAN, version: 2 })).statusCode).toBe(409);
  });
});

describe('the public page of an offboarding service', () => {
  const publicPage = (serviceId: string) =>
    env.test.app.inject({ method: 'GET', url: `/api/public/services/${serviceId}` });

  it('shows the planned end and the successor while it has a public page of its own', async () => {
    const successor = await serviceIn('service_online', { name: 'Archive Next' });
    const hiddenSuccessor = await serviceIn('integration_planned', { name: 'Not public yet' });
    const service = await serviceIn('service_discontinued', {
      retirementPlan: { ...COMPLETE_RETIREMENT_PLAN, successorId: successor.id },
    });
    expect((await publicPage(service.serviceId)).json<PublicServiceDetail>().retirement).toEqual({
      plannedEndOn: COMPLETE_RETIREMENT_PLAN.plannedEndOn,
      successor: { serviceId: successor.serviceId, name: 'Archive Next' },
    });
    const other = await serviceIn('service_discontinued', {
      retirementPlan: { ...COMPLETE_RETIREMENT_PLAN, successorId: hiddenSuccessor.id },
    });
    expect((await publicPage(other.serviceId)).json<PublicServiceDetail>().retirement).toEqual({
      plannedEndOn: COMPLETE_RETIREMENT_PLAN.plannedEndOn,
      successor: null,
    });
    const live = await serviceIn('service_online');
    expect((await publicPage(live.serviceId)).json<PublicServiceDetail>().retirement).toBeNull();
  });
});
