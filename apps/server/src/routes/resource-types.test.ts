import { and, eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, resourcePackages, resourceTypes } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';
import { createServiceInState, seedInstitutions } from '../test/services-fixtures.js';

const SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    vcpus: { type: 'integer', minimum: 1, maximum: 512 },
    flavors: { type: 'array', items: { enum: ['small', 'large'] } },
    access: { enum: ['private', 'public-read'] },
  },
  required: ['vcpus'],
};

const body = (over: Record<string, unknown> = {}) => ({
  key: 'openstack-project',
  name: { en: 'OpenStack project', de: 'OpenStack-Projekt' },
  description: { en: 'A project in the cloud', de: 'Ein Projekt in der Cloud' },
  quotaUnit: { en: 'vCPUs', de: 'vCPUs' },
  schema: JSON.stringify(SCHEMA, null, 2),
  ...over,
});

interface TypeAnswer {
  id: string;
  key: string;
  version: number;
  retired: boolean;
  packageCount: number;
  schema: Record<string, unknown>;
  name: { en: string; de: string };
}

describe('resource types', () => {
  const env = useTestApp();

  const list = (user: string | null) =>
    env.test.app.inject({ method: 'GET', url: '/api/resource-types', headers: env.as(user) });
  const create = (user: string | null, payload: object, language = 'en') =>
    env.test.app.inject({
      method: 'POST',
      url: '/api/resource-types',
      payload,
      headers: { ...env.as(user), 'accept-language': language },
    });
  const update = (user: string | null, id: string, payload: object) =>
    env.test.app.inject({
      method: 'PATCH',
      url: `/api/resource-types/${id}`,
      payload,
      headers: env.as(user),
    });
  const remove = (user: string | null, id: string, version: number | string) =>
    env.test.app.inject({
      method: 'DELETE',
      url: `/api/resource-types/${id}?version=${version}`,
      headers: env.as(user),
    });
  const updateBody = (type: TypeAnswer, over: Record<string, unknown> = {}) => {
    const { key: _key, ...rest } = body();
    return { ...rest, version: type.version, retired: type.retired, ...over };
  };
  const eventsOf = (id: string) =>
    env.test.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.objectType, 'resourceType'), eq(auditEvents.objectId, id)));

  beforeAll(async () => {
    await seedInstitutions(env.test.database.db);
  });

  it('asks for a login, and lets only the portal manager write', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await create(null, body())).statusCode).toBe(401);
    for (const user of ['rita', 'paula', 'alice', 'nora']) {
      expect((await create(user, body())).statusCode, user).toBe(403);
      expect((await update(user, '00000000-0000-4000-8000-000000000000', {})).statusCode, user).toBe(403);
      expect((await remove(user, '00000000-0000-4000-8000-000000000000', 1)).statusCode, user).toBe(403);
    }
    expect(await env.test.database.db.select().from(resourceTypes)).toEqual([]);
  });

  it('creates a type with its audit event, keeps the schema as written, and lists it for every login', async () => {
    const response = await create('admin', body());
    expect(response.statusCode).toBe(201);
    const created = response.json<TypeAnswer>();
    expect(created).toMatchObject({ key: 'openstack-project', version: 1, retired: false, packageCount: 0 });
    // The properties keep the order the manager wrote them in (a form shows them in it).
    expect(Object.keys(created.schema)).toEqual(['$schema', 'type', 'properties', 'required']);
    expect(Object.keys(created.schema.properties as object)).toEqual(['vcpus', 'flavors', 'access']);
    const events = await eventsOf(created.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'resourceType.created', actorName: 'admin' });
    expect(events[0]!.after).toMatchObject({ key: 'openstack-project', schema: SCHEMA });

    for (const user of ['nora', 'rita', 'alice']) {
      const read = await list(user);
      expect(read.statusCode, user).toBe(200);
      expect(read.json<{ items: TypeAnswer[] }>().items.map((t) => t.key)).toContain('openstack-project');
    }
  });

  it('refuses schema text that is not JSON, not a JSON Schema, or not of an object, in the caller’s language', async () => {
    const invalid = await create('admin', body({ key: 'broken-json', schema: '{"type": "object",' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ schema: 'Cannot save invalid JSON' });
    const german = await create('admin', body({ key: 'broken-json', schema: '{' }), 'de');
    expect(german.json().fields.schema).not.toBe('Cannot save invalid JSON');

    const typo = await create(
      'admin',
      body({ key: 'typo-schema', schema: JSON.stringify({ type: 'object', properties: { a: { type: 'integr' } } }) }),
    );
    expect(typo.statusCode).toBe(400);
    expect(Object.keys(typo.json().fields)).toEqual(['schema']);
    const unknownKeyword = await create(
      'admin',
      body({ key: 'typo-schema', schema: JSON.stringify({ type: 'object', minimun: 1 }) }),
    );
    expect(unknownKeyword.statusCode).toBe(400);

    const array = await create('admin', body({ key: 'array-schema', schema: JSON.stringify({ type: 'array' }) }));
    expect(array.statusCode).toBe(400);
    expect(array.json().fields.schema).toMatch(/object/);

    const badKey = await create('admin', body({ key: 'Bad Key' }));
    expect(badKey.statusCode).toBe(400);
    expect(Object.keys(badKey.json().fields)).toEqual(['key']);
    expect((await create('admin', body({ name: { en: '', de: 'x' } }))).statusCode).toBe(400);
    expect((await create('admin', { ...body(), extra: 1 })).statusCode).toBe(400);
  });

  it('refuses a key in use', async () => {
    const taken = await create('admin', body());
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fields).toEqual({ key: 'A resource type with this key exists already' });
  });

  it('changes a type with old → new of what changed, retires it, and answers 409 on a stale version', async () => {
    const [type] = (await list('admin')).json<{ items: TypeAnswer[] }>().items;
    const changed = await update(
      'admin',
      type!.id,
      updateBody(type!, { name: { en: 'OpenStack project', de: 'OpenStack-Projekt (Cloud)' } }),
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json<TypeAnswer>()).toMatchObject({ version: 2, name: { de: 'OpenStack-Projekt (Cloud)' } });
    const updated = (await eventsOf(type!.id)).filter((e) => e.action === 'resourceType.updated');
    expect(updated).toHaveLength(1);
    expect(updated[0]!.before).toEqual({ name: { en: 'OpenStack project', de: 'OpenStack-Projekt' } });
    expect(updated[0]!.after).toEqual({ name: { en: 'OpenStack project', de: 'OpenStack-Projekt (Cloud)' } });

    const stale = await update('admin', type!.id, updateBody(type!, { retired: true }));
    expect(stale.statusCode).toBe(409);

    const current = changed.json<TypeAnswer>();
    const unchanged = await update('admin', type!.id, updateBody(current, { name: current.name }));
    expect(unchanged.json<TypeAnswer>().version).toBe(2);

    const retired = await update('admin', type!.id, updateBody(current, { name: current.name, retired: true }));
    expect(retired.statusCode).toBe(200);
    expect(retired.json<TypeAnswer>()).toMatchObject({ retired: true, version: 3 });
    const listed = (await list('alice')).json<{ items: TypeAnswer[] }>().items;
    expect(listed.find((t) => t.id === type!.id)?.retired).toBe(true);

    const badSchema = await update('admin', type!.id, updateBody(current, { version: 3, schema: 'nope' }));
    expect(badSchema.statusCode).toBe(400);
    expect(badSchema.json().fields).toEqual({ schema: 'Cannot save invalid JSON' });
    expect((await update('admin', '00000000-0000-4000-8000-000000000000', updateBody(current))).statusCode).toBe(404);
    expect((await update('admin', type!.id, { ...updateBody(current), key: 'other' })).statusCode).toBe(400);
  });

  it('deletes a type no package uses, and refuses one in use or a stale version', async () => {
    const unused = (await create('admin', body({ key: 'scratch-type' }))).json<TypeAnswer>();
    const [inUse] = (await list('admin')).json<{ items: TypeAnswer[] }>().items.filter((t) => t.key !== 'scratch-type');
    const alice = env.person('alice');
    const service = await createServiceInState(env.test.database.db, {
      objectOwnerId: alice.id,
      state: 'service_online',
    });
    await env.test.database.db.insert(resourcePackages).values({
      serviceId: service.id,
      typeId: inUse!.id,
      name: 'Small project',
      quota: 8,
      policyNames: ['small'],
      policy: { vcpus: 8 },
    });
    const listed = (await list('admin')).json<{ items: TypeAnswer[] }>().items;
    expect(listed.find((t) => t.id === inUse!.id)?.packageCount).toBe(1);

    const refused = await remove('admin', inUse!.id, inUse!.version);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This resource type is used by resource packages. Retire it instead.');

    expect((await remove('admin', unused.id, 7)).statusCode).toBe(409);
    expect((await remove('admin', unused.id, 'x')).statusCode).toBe(400);
    expect((await remove('admin', 'not-a-uuid', 1)).statusCode).toBe(400);
    const deleted = await remove('admin', unused.id, unused.version);
    expect(deleted.statusCode).toBe(204);
    expect(await env.test.database.db.select().from(resourceTypes).where(eq(resourceTypes.id, unused.id))).toEqual([]);
    expect((await eventsOf(unused.id)).map((e) => e.action)).toEqual(['resourceType.created', 'resourceType.deleted']);
    expect((await remove('admin', unused.id, unused.version)).statusCode).toBe(404);
  });

  it('lists the types by English name', async () => {
    await create('admin', body({ key: 'a-storage', name: { en: 'Archive storage', de: 'Zarchiv' } }));
    await create('admin', body({ key: 'z-compute', name: { en: 'compute hours', de: 'Rechenzeit' } }));
    const names = (await list('nora')).json<{ items: TypeAnswer[] }>().items.map((t) => t.name.en);
    expect(names).toEqual(['Archive storage', 'compute hours', 'OpenStack project']);
  });

  it('describes the routes in the OpenAPI document', async () => {
    const document = (await env.test.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(Object.keys(document.paths['/api/resource-types'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/resource-types/{id}'] ?? {}).sort()).toEqual(['delete', 'patch']);
    expect(document.paths['/api/public/resource-packages']).toHaveProperty('get');
  });
});
