import { eq } from 'drizzle-orm';
import { describe, beforeAll, expect, it } from 'vitest';
import { auditEvents, services } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';
import { createServiceInState, seedInstitutions } from '../test/services-fixtures.js';

interface Criterion {
  key: string;
  factor: number;
  version: number;
  options: { key: string; label: { en: string; de: string }; points: number }[];
}

describe('weighting settings', () => {
  const env = useTestApp();
  const headers = (user: string | null, language = 'en') => ({
    ...env.as(user),
    'accept-language': language,
  });
  const body = ({ version, factor, options }: Criterion) => ({ version, factor, options });
  const settings = async (): Promise<Criterion[]> =>
    (await env.test.app.inject({ method: 'GET', url: '/api/weighting-settings', headers: headers('admin') })).json()
      .items;
  const put = (user: string | null, key: string, payload: unknown, language = 'en') =>
    env.test.app.inject({
      method: 'PUT',
      url: `/api/weighting-settings/${key}`,
      payload: payload as object,
      headers: headers(user, language),
    });
  const integrationOrder = async () =>
    (await env.test.app.inject({ method: 'GET', url: '/api/integration-list?scope=all', headers: headers('paula') }))
      .json()
      .items.map((s: { name: string; score: number }) => `${s.name}:${s.score}`);

  beforeAll(async () => {
    await seedInstitutions(env.test.database.db);
    const owner = env.person('alice').id;
    // initiatedBy (factor 2): alliance 3, centre 2; openSource (factor 2): yes 2, no 0.
    await createServiceInState(env.test.database.db, {
      state: 'service_online',
      name: 'Alliance closed',
      objectOwnerId: owner,
      weighting: { initiatedBy: 'alliance', openSource: 'no' },
    });
    await createServiceInState(env.test.database.db, {
      state: 'service_online',
      name: 'Centre open',
      objectOwnerId: owner,
      weighting: { initiatedBy: 'centre', openSource: 'yes' },
    });
  });

  it('lists the criteria with their versions for the portal manager', async () => {
    const items = await settings();
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ key: 'initiatedBy', factor: 2, version: 1 });
  });

  it('saves a factor and points, rescores every service at once and the integration list follows', async () => {
    expect(await integrationOrder()).toEqual(['Centre open:8', 'Alliance closed:6']);
    const openSource = (await settings()).find((c) => c.key === 'openSource')!;
    const response = await put('admin', 'openSource', {
      version: openSource.version,
      factor: 1,
      options: openSource.options,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ criterion: { key: 'openSource', factor: 1, version: 2 }, rescored: 1 });
    expect(await integrationOrder()).toEqual(['Alliance closed:6', 'Centre open:6']);

    const initiatedBy = (await settings()).find((c) => c.key === 'initiatedBy')!;
    const options = initiatedBy.options.map((o) =>
      o.key === 'alliance' ? { ...o, points: 0, label: { en: 'The whole alliance', de: 'Die ganze Allianz' } } : o,
    );
    const second = await put('admin', 'initiatedBy', { version: 1, factor: 2, options });
    expect(second.json().rescored).toBe(1);
    expect(await integrationOrder()).toEqual(['Centre open:6', 'Alliance closed:0']);
    const [stored] = await env.test.database.db.select().from(services).where(eq(services.name, 'Alliance closed'));
    expect(stored!.weightedScore).toBe(0);
    // The service's own version stays: its content did not change.
    expect(stored!.version).toBe(1);
    // The weighting tab of a service reads the new options.
    const criteria = await env.test.app.inject({
      method: 'GET',
      url: '/api/weighting-criteria',
      headers: headers('alice'),
    });
    expect(criteria.json().items[0].options[0]).toMatchObject({ label: { en: 'The whole alliance' }, points: 0 });

    const events = await env.test.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'weightingCriterion.updated'));
    expect(events.map((e) => [e.objectId, e.before, e.after])).toEqual([
      ['openSource', { factor: 2 }, { factor: 1, rescored: 1 }],
      ['initiatedBy', { options: initiatedBy.options }, { options, rescored: 1 }],
    ]);
  });

  it('writes nothing when nothing changed', async () => {
    const criterion = (await settings()).find((c) => c.key === 'dataFormat')!;
    const response = await put('admin', 'dataFormat', body(criterion));
    expect(response.json()).toMatchObject({ criterion: { version: criterion.version }, rescored: 0 });
  });

  it('answers 409 for a stale version, 404 for an unknown criterion, 400 for bad values', async () => {
    const criterion = (await settings()).find((c) => c.key === 'openSource')!;
    expect((await put('admin', 'openSource', { ...body(criterion), version: 1, factor: 3 })).statusCode).toBe(409);
    expect((await put('admin', 'nothing', body(criterion))).statusCode).toBe(404);
    const bad = await put('admin', 'openSource', {
      version: criterion.version,
      factor: -1,
      options: [{ ...criterion.options[0]!, points: 1000, label: { en: '', de: 'x' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['factor', 'options.0.label.en', 'options.0.points']);
    const renamed = await put(
      'admin',
      'openSource',
      { ...body(criterion), options: criterion.options.map((o, i) => (i === 0 ? { ...o, key: 'maybe' } : o)) },
      'de',
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().fields.options).toMatch(/^Die Optionen gehören zum Kriterium/);
  });

  it('is for the portal manager only', async () => {
    expect((await env.test.app.inject({ method: 'GET', url: '/api/weighting-settings' })).statusCode).toBe(401);
    for (const user of ['paula', 'ivan', 'alice'])
      expect((await put(user, 'openSource', { version: 1, factor: 1, options: [] })).statusCode).toBe(403);
  });
});
