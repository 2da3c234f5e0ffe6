import {
  SERVICE_STATES,
  TRANSITIONS,
  WORKFLOW_ACTIONS,
  type ServiceDetail,
  type ServiceState,
  type WorkflowAction,
} from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, serviceKeywords, services } from '../db/schema.js';
import { completeFieldValues, createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();

const ACTORS = ['alice', 'bob', 'paula', 'ivan', 'desk', 'nora', 'admin'] as const;

/** alice is object owner of every service here: the provider side. */
const serviceIn = (state: ServiceState, extra: Parameters<typeof createServiceInState>[1] | object = {}) =>
  createServiceInState(env.test.database.db, {
    state,
    objectOwnerId: env.world.people.alice!.id,
    providerInstitutionId: env.world.institutions.HPCN,
    ...extra,
  });

const transition = (username: string | null, id: string, action: string, version = 1) =>
  env.test.app.inject({
    method: 'POST',
    url: `/api/services/${id}/transitions`,
    payload: { action, version },
    headers: env.as(username),
  });

const rowOf = async (id: string) => (await env.test.database.db.select().from(services).where(eq(services.id, id)))[0]!;

const transitionEvents = (id: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.objectType, 'service'),
        eq(auditEvents.objectId, id),
        eq(auditEvents.action, 'service.transition'),
      ),
    );

/**
 * What the workflow table (docs/domain.md#service-workflow) says the answer must be for this caller on a service of alice's in `state`,
 * written out per person rather than through the domain's functions: nora sees nothing; bob, the
 * desk and ivan see no draft application of alice's; admin may take every row; alice takes the
 * provider rows, paula the SPM rows, ivan the SIM rows; a pair that is no row is 409.
 */
const expectedStatus = (username: (typeof ACTORS)[number], action: WorkflowAction, state: ServiceState): number => {
  if (username === 'nora') return 404;
  if (state === 'application_draft' && ['bob', 'desk', 'ivan'].includes(username)) return 404;
  const rule = TRANSITIONS.find((r) => r.action === action && r.from === state);
  if (!rule) return 409;
  const actor = { alice: 'provider', paula: 'spm', ivan: 'sim' }[username as string];
  if (username === 'admin' || (actor && (rule.who as readonly string[]).includes(actor))) return 200;
  return 403;
};

describe('POST /api/services/:id/transitions', () => {
  it('every row of the transition table × every actor: allowed with an audit event, or 403/404 as the workflow table says', async () => {
    const outcomes: string[] = [];
    for (const rule of TRANSITIONS) {
      // A refused step leaves the service as it was (checked below), so the next actor tries the
      // same one; only a step that was taken needs a fresh service.
      let service: Awaited<ReturnType<typeof serviceIn>> | undefined;
      for (const username of ACTORS) {
        service ??= await serviceIn(rule.from);
        const response = await transition(username, service.id, rule.action);
        const expected = expectedStatus(username, rule.action, rule.from);
        const label = `${rule.action} from ${rule.from} as ${username}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(expected);
        const row = await rowOf(service.id);
        if (expected === 200) {
          expect(response.json<ServiceDetail>().state, label).toBe(rule.to);
          expect(row, label).toMatchObject({ state: rule.to, version: 2 });
          const events = await transitionEvents(service.id);
          expect(events, label).toHaveLength(1);
          expect(events[0]!.before, label).toEqual({ state: rule.from });
          expect(events[0]!.after, label).toEqual({ state: rule.to });
          expect(events[0]!.actorId, label).toBe(env.world.people[username]!.id);
          outcomes.push(`${rule.action}:${rule.from}`);
          service = undefined;
        } else {
          expect(row, label).toMatchObject({ state: rule.from, version: 1 });
          expect(await transitionEvents(service.id), label).toHaveLength(0);
          if (expected === 403)
            expect(response.json().message, label).toBe('You have insufficient permission to change the status');
        }
      }
    }
    // Every row was taken by at least one actor.
    expect(new Set(outcomes).size).toBe(TRANSITIONS.length);
  });

  it('every action from states that are not its rows: 409 "not possible", nothing changes', async () => {
    for (const action of WORKFLOW_ACTIONS) {
      const wrong = SERVICE_STATES.filter((s) => !TRANSITIONS.some((r) => r.action === action && r.from === s));
      // The first, a middle and the last wrong state of each action, as the portfolio manager and alice.
      const picks = [...new Set([wrong[0]!, wrong[Math.floor(wrong.length / 2)]!, wrong.at(-1)!])];
      for (const state of picks) {
        // Nothing changes, so both people try the same service.
        const service = await serviceIn(state);
        for (const username of ['paula', 'alice'] as const) {
          const response = await transition(username, service.id, action);
          const expected = expectedStatus(username, action, state);
          expect(response.statusCode, `${action} from ${state} as ${username}`).toBe(expected);
          if (expected === 409)
            expect(response.json().message).toBe('This action is not possible in the current status of the service.');
          expect(await rowOf(service.id)).toMatchObject({ state, version: 1 });
          expect(await transitionEvents(service.id)).toHaveLength(0);
        }
      }
    }
  });

  it('refuses the validation-gated steps with 400 and the failing fields, and changes nothing', async () => {
    const gated: [WorkflowAction, ServiceState, string, string[]][] = [
      ['completeApplication', 'application_draft', 'Cannot complete application', ['description', 'shortDescription']],
      ['submitServiceInformation', 'service_information_draft', 'Cannot submit Service Information', ['keywords']],
      ['serviceCardReview', 'integration_in_progress', 'Cannot change to Service Card Review', ['accessUrl']],
      ['online', 'integration_completed', 'Cannot bring Service Online', ['privacyPolicyUrl']],
    ];
    for (const [action, state, message, missing] of gated) {
      const fields = completeFieldValues({
        contactId: env.world.people.alice!.id,
        institutionId: env.world.institutions.HPCN,
      });
      for (const key of missing) delete fields[key];
      const service = await serviceIn(state, { fields, keywordIds: missing.includes('keywords') ? [] : undefined });
      const response = await transition('paula', service.id, action);
      expect(response.statusCode, action).toBe(400);
      expect(response.json().message, action).toBe(message);
      expect(Object.keys(response.json().fields).sort(), action).toEqual([...missing].sort());
      expect(await rowOf(service.id)).toMatchObject({ state, version: 1 });
      expect(await transitionEvents(service.id)).toHaveLength(0);
    }
    // Retiring checks the retirement plan instead of the fields: none at all misses every required item.
    const withoutPlan = await serviceIn('service_discontinued', { retirementPlan: null });
    const refused = await transition('paula', withoutPlan.id, 'retire');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Cannot retire the Service: the retirement plan is not complete');
    expect(Object.keys(refused.json().fields).sort()).toEqual(
      ['dataDeletionOn', 'dataExportUntil', 'plannedEndOn', 'reason', 'usersToldHow', 'usersToldOn'].sort(),
    );
    expect(await rowOf(withoutPlan.id)).toMatchObject({ state: 'service_discontinued', version: 1 });
    // An invalid value fails too, not only a missing one.
    const broken = await serviceIn('application_draft', {
      fields: {
        ...completeFieldValues({ contactId: env.world.people.alice!.id, institutionId: env.world.institutions.HPCN }),
        website: 'no url',
      },
    });
    const response = await transition('alice', broken.id, 'completeApplication');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ website: 'Please enter a valid url, e.g.: https://www.example.org' });
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const service = await serviceIn('application_received');
    expect((await transition('paula', service.id, 'planService', 1)).statusCode).toBe(200);
    const stale = await transition('paula', service.id, 'backToApplicationReceived', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'This object was changed in the meantime, so your change was not saved. Check its current state and try again.',
    );
    expect(await rowOf(service.id)).toMatchObject({ state: 'service_planned', version: 2 });
  });

  it('sets online since the first time a service goes online and online until when it is discontinued', async () => {
    const service = await serviceIn('integration_completed');
    await env.test.database.db.update(services).set({ onlineSince: null }).where(eq(services.id, service.id));
    const online = await transition('paula', service.id, 'online', 1);
    expect(online.statusCode).toBe(200);
    const since = online.json<ServiceDetail>().onlineSince;
    expect(since).not.toBeNull();
    await transition('alice', service.id, 'notAvailable', 2);
    const back = await transition('alice', service.id, 'online', 3);
    expect(back.json<ServiceDetail>().onlineSince).toBe(since);
    expect(back.json<ServiceDetail>().onlineUntil).toBeNull();
    const gone = await transition('paula', service.id, 'discontinue', 4);
    expect(gone.json<ServiceDetail>().onlineUntil).not.toBeNull();
    expect(gone.json<ServiceDetail>().onlineSince).toBe(since);
  });

  it('counts service owner, admins and manager as provider side too, and answers 400 for an unknown action', async () => {
    for (const role of ['serviceOwnerId', 'serviceManagerId', 'adminIds'] as const) {
      const service = await serviceIn('service_online', {
        objectOwnerId: env.world.people.paula!.id,
        [role]: role === 'adminIds' ? [env.world.people.bob!.id] : env.world.people.bob!.id,
      });
      expect((await transition('bob', service.id, 'notAvailable')).statusCode, role).toBe(200);
    }
    const service = await serviceIn('service_online');
    expect((await transition('alice', service.id, 'fly')).statusCode).toBe(400);
    expect((await transition(null, service.id, 'notAvailable')).statusCode).toBe(401);
  });

  it('keeps keywords as part of the validated values', async () => {
    const service = await serviceIn('service_information_draft');
    await env.test.database.db.delete(serviceKeywords).where(eq(serviceKeywords.serviceId, service.id));
    const response = await transition('alice', service.id, 'submitServiceInformation');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ keywords: 'This field cannot be empty' });
  });
});

describe('POST /api/services/:id/documents/activate', () => {
  const activate = (username: string | null, id: string, version = 1) =>
    env.test.app.inject({
      method: 'POST',
      url: `/api/services/${id}/documents/activate`,
      payload: { version },
      headers: env.as(username),
    });

  it('is the portfolio manager’s: activates once with an audit event, checks the version', async () => {
    const service = await serviceIn('service_planned');
    expect((await activate('alice', service.id)).statusCode).toBe(403);
    expect((await activate('nora', service.id)).statusCode).toBe(404);
    expect((await activate(null, service.id)).statusCode).toBe(401);
    const done = await activate('paula', service.id);
    expect(done.statusCode).toBe(200);
    expect(done.json<ServiceDetail>()).toMatchObject({ documentsActive: true, version: 2 });
    expect((await activate('paula', service.id, 1)).statusCode).toBe(409);
    const again = await activate('paula', service.id, 2);
    expect(again.json<ServiceDetail>().version).toBe(2);
    const events = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectId, service.id), eq(auditEvents.action, 'service.documents.activated')));
    expect(events).toHaveLength(1);
  });
});
