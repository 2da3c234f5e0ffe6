import type { ServiceDetail } from '@nubes/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, serviceRoleChanges, services } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const id = (username: string) => env.world.people[username]!.id;

const { inject: call } = env;

const rowOf = async (serviceId: string) =>
  (await env.test.database.db.select().from(services).where(eq(services.id, serviceId)))[0]!;

const eventsOf = (serviceId: string, action: string) =>
  env.test.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectId, serviceId), eq(auditEvents.action, action)));

describe('PUT /api/services/:id/roles', () => {
  it('lets the object owner name owner, manager and provider manager in a draft, with an audit event', async () => {
    const service = await createServiceInState(env.test.database.db, { objectOwnerId: id('alice') });
    const response = await call('alice', 'PUT', `/api/services/${service.id}/roles`, {
      version: 1,
      serviceOwnerId: id('bob'),
      serviceManagerId: id('alice'),
      providerManagerId: id('desk'),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<ServiceDetail>();
    expect(body.version).toBe(2);
    expect(body.roles.serviceOwner?.username).toBe('bob');
    expect(body.roles.serviceManager?.username).toBe('alice');
    expect(body.roles.providerManager?.username).toBe('desk');
    const [event] = await eventsOf(service.id, 'service.roles.updated');
    expect(event!.before).toEqual({ serviceOwner: null, serviceManager: null, providerManager: null });
    expect(event!.after).toEqual({ serviceOwner: id('bob'), serviceManager: id('alice'), providerManager: id('desk') });
    // The same again changes nothing.
    const same = await call('alice', 'PUT', `/api/services/${service.id}/roles`, {
      version: 2,
      serviceOwnerId: id('bob'),
    });
    expect(same.json<ServiceDetail>().version).toBe(2);
    // null removes a holder.
    const removed = await call('alice', 'PUT', `/api/services/${service.id}/roles`, {
      version: 2,
      providerManagerId: null,
    });
    expect(removed.json<ServiceDetail>().roles.providerManager).toBeNull();
  });

  it('keeps the object owner for the portfolio manager, and roles after the drafts too', async () => {
    const draft = await createServiceInState(env.test.database.db, { objectOwnerId: id('alice') });
    const own = await call('alice', 'PUT', `/api/services/${draft.id}/roles`, { version: 1, objectOwnerId: id('bob') });
    expect(own.statusCode).toBe(403);
    // Naming the current holder is no change and needs no right.
    expect(
      (await call('alice', 'PUT', `/api/services/${draft.id}/roles`, { version: 1, objectOwnerId: id('alice') }))
        .statusCode,
    ).toBe(200);
    const paula = await call('paula', 'PUT', `/api/services/${draft.id}/roles`, {
      version: 1,
      objectOwnerId: id('bob'),
    });
    expect(paula.statusCode).toBe(200);
    expect((await rowOf(draft.id)).objectOwnerId).toBe(id('bob'));

    const planned = await createServiceInState(env.test.database.db, {
      state: 'service_planned',
      objectOwnerId: id('alice'),
    });
    const late = await call('alice', 'PUT', `/api/services/${planned.id}/roles`, {
      version: 1,
      serviceOwnerId: id('bob'),
    });
    expect(late.statusCode).toBe(403);
    expect(
      (await call('bob', 'PUT', `/api/services/${planned.id}/roles`, { version: 1, serviceOwnerId: id('bob') }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('nora', 'PUT', `/api/services/${planned.id}/roles`, { version: 1, serviceOwnerId: id('bob') }))
        .statusCode,
    ).toBe(404);
    expect((await call(null, 'PUT', `/api/services/${planned.id}/roles`, { version: 1 })).statusCode).toBe(401);
    expect(
      (await call('paula', 'PUT', `/api/services/${planned.id}/roles`, { version: 1, serviceOwnerId: id('bob') }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 400 for a user that does not exist and 409 for a stale version, changing nothing', async () => {
    const service = await createServiceInState(env.test.database.db, { objectOwnerId: id('alice') });
    const unknown = await call('alice', 'PUT', `/api/services/${service.id}/roles`, {
      version: 1,
      serviceOwnerId: UNKNOWN,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ serviceOwnerId: 'This user does not exist.' });
    await call('alice', 'PUT', `/api/services/${service.id}/roles`, { version: 1, serviceOwnerId: id('bob') });
    const stale = await call('alice', 'PUT', `/api/services/${service.id}/roles`, {
      version: 1,
      serviceOwnerId: id('desk'),
    });
    expect(stale.statusCode).toBe(409);
    expect(await rowOf(service.id)).toMatchObject({ serviceOwnerId: id('bob'), version: 2 });
  });
});

describe('further admins', () => {
  it('are added and removed by the service owner (and admins), with the version checked', async () => {
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: id('alice'),
      serviceOwnerId: id('bob'),
    });
    const url = `/api/services/${service.id}/admins`;
    expect((await call('alice', 'POST', url, { version: 1, userId: id('desk') })).statusCode).toBe(403);
    expect((await call('nora', 'POST', url, { version: 1, userId: id('desk') })).statusCode).toBe(404);
    expect((await call(null, 'POST', url, { version: 1, userId: id('desk') })).statusCode).toBe(401);
    expect((await call('bob', 'POST', url, { version: 1, userId: UNKNOWN })).json().fields).toEqual({
      userId: 'This user does not exist.',
    });

    const added = await call('bob', 'POST', url, { version: 1, userId: id('desk') });
    expect(added.statusCode).toBe(200);
    expect(added.json<ServiceDetail>().roles.admins.map((a) => a.username)).toEqual(['desk']);
    expect(added.json<ServiceDetail>().version).toBe(2);
    expect((await call('bob', 'POST', url, { version: 1, userId: id('ivan') })).statusCode).toBe(409);

    // The new admin has the same right.
    const second = await call('desk', 'POST', url, { version: 2, userId: id('ivan') });
    expect(second.json<ServiceDetail>().roles.admins.map((a) => a.username)).toEqual(['desk', 'ivan']);

    expect((await call('bob', 'DELETE', `${url}/${id('ivan')}?version=2`)).statusCode).toBe(409);
    const removed = await call('bob', 'DELETE', `${url}/${id('ivan')}?version=3`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ServiceDetail>().roles.admins.map((a) => a.username)).toEqual(['desk']);
    expect((await call('bob', 'DELETE', `${url}/${id('ivan')}`)).statusCode).toBe(400);

    const events = await eventsOf(service.id, 'service.admins.updated');
    expect(events).toHaveLength(3);
    expect(events.some((e) => JSON.stringify(e.after) === JSON.stringify({ admins: [id('desk')] }))).toBe(true);
  });
});

describe('role change requests', () => {
  it('the manager asks, one open request per role, the portfolio manager accepts and the role changes', async () => {
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: id('alice'),
      serviceOwnerId: id('alice'),
      serviceManagerId: id('bob'),
    });
    const url = `/api/services/${service.id}/role-changes`;
    // alice is owner, but a manager is set: only bob holds the manager's rights.
    expect((await call('alice', 'POST', url, { role: 'serviceOwner', userId: id('desk') })).statusCode).toBe(403);
    expect((await call('desk', 'POST', url, { role: 'serviceOwner', userId: id('desk') })).statusCode).toBe(403);
    expect((await call('nora', 'POST', url, { role: 'serviceOwner', userId: id('desk') })).statusCode).toBe(404);
    expect((await call(null, 'POST', url, { role: 'serviceOwner', userId: id('desk') })).statusCode).toBe(401);
    expect((await call('bob', 'POST', url, { role: 'serviceOwner', userId: UNKNOWN })).statusCode).toBe(400);

    const asked = await call('bob', 'POST', url, { role: 'serviceOwner', userId: id('desk'), reason: 'Alice moves' });
    expect(asked.statusCode).toBe(200);
    const [pending] = asked.json<ServiceDetail>().roleChanges;
    expect(pending).toMatchObject({ role: 'serviceOwner', state: 'pending', reason: 'Alice moves' });
    expect(pending!.user.username).toBe('desk');
    expect(pending!.requestedBy?.username).toBe('bob');

    const twice = await call('bob', 'POST', url, { role: 'serviceOwner', userId: id('ivan') });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A request for this role is already waiting for a decision.');
    expect((await call('bob', 'POST', url, { role: 'serviceManager', userId: id('ivan') })).statusCode).toBe(200);

    const decision = `${url}/${pending!.id}/decision`;
    expect((await call('bob', 'POST', decision, { accept: true })).statusCode).toBe(403);
    expect((await call('paula', 'POST', `${url}/${UNKNOWN}/decision`, { accept: true })).statusCode).toBe(404);
    const accepted = await call('paula', 'POST', decision, { accept: true });
    expect(accepted.statusCode).toBe(200);
    const body = accepted.json<ServiceDetail>();
    expect(body.roles.serviceOwner?.username).toBe('desk');
    expect(body.version).toBe(2);
    expect(body.roleChanges.map((c) => c.role)).toEqual(['serviceManager']);
    expect((await call('paula', 'POST', decision, { accept: false })).statusCode).toBe(409);

    const [managerChange] = body.roleChanges;
    const rejected = await call('paula', 'POST', `${url}/${managerChange!.id}/decision`, { accept: false });
    expect(rejected.json<ServiceDetail>().roles.serviceManager?.username).toBe('bob');
    expect(rejected.json<ServiceDetail>().roleChanges).toEqual([]);
    const states = await env.test.database.db
      .select({ state: serviceRoleChanges.state })
      .from(serviceRoleChanges)
      .where(eq(serviceRoleChanges.serviceId, service.id));
    expect(states.map((s) => s.state).sort()).toEqual(['accepted', 'rejected']);
    expect(await eventsOf(service.id, 'service.roleChange.requested')).toHaveLength(2);
    expect(await eventsOf(service.id, 'service.roleChange.accepted')).toHaveLength(1);
    expect(await eventsOf(service.id, 'service.roleChange.rejected')).toHaveLength(1);
  });

  it('owner and admins hold the manager’s rights while no manager is set', async () => {
    const service = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: id('alice'),
      serviceOwnerId: id('bob'),
      adminIds: [id('desk')],
    });
    const url = `/api/services/${service.id}/role-changes`;
    expect((await call('desk', 'POST', url, { role: 'serviceManager', userId: id('desk') })).statusCode).toBe(200);
    expect((await call('bob', 'POST', url, { role: 'serviceOwner', userId: id('desk') })).statusCode).toBe(200);
    // The object owner alone is not one of them.
    const other = await createServiceInState(env.test.database.db, {
      state: 'service_online',
      objectOwnerId: id('alice'),
    });
    expect(
      (
        await call('alice', 'POST', `/api/services/${other.id}/role-changes`, {
          role: 'serviceOwner',
          userId: id('bob'),
        })
      ).statusCode,
    ).toBe(403);
  });
});
