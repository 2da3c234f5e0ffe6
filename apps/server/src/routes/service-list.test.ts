import {
  AUTH_COOKIE,
  INTEGRATION_WORK_STATES,
  formatDateTime,
  SERVICE_STATES,
  TAB_STATES,
  type ServiceListResponse,
  type ServiceState,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { principalChanged } from '../auth/principal-cache.js';
import { keywords, services, users } from '../db/schema.js';
import { createServiceInState, useServiceWorld } from '../test/services-fixtures.js';

const env = useServiceWorld();
let storageKeyword: string;

const id = (username: string) => env.world.people[username]!.id;

const get = (username: string | null, url: string, headers: Record<string, string> = {}) =>
  env.test.app.inject({
    method: 'GET',
    url,
    headers: { ...env.as(username), ...headers },
  });

const list = async (username: string, query: string, path = '/api/services') => {
  const response = await get(username, `${path}?${query}`);
  expect(response.statusCode, `${path}?${query}: ${response.body}`).toBe(200);
  return response.json<ServiceListResponse>();
};

/** Every row of a list, page after page. */
const everything = async (username: string, query: string, path = '/api/services') => {
  const items = [];
  for (let page = 1; ; page++) {
    const body = await list(username, `${query}&pageSize=7&page=${page}`, path);
    items.push(...body.items);
    if (page * 7 >= body.total) return items;
  }
};

beforeAll(async () => {
  const db = env.test.database.db;
  const [storage] = await db.insert(keywords).values({ name: 'Object storage' }).returning();
  storageKeyword = storage!.id;
  // alice's services at HPCN in every state, bob's at DCS in some, a few of paula's without provider.
  for (const [index, state] of SERVICE_STATES.entries()) {
    await createServiceInState(db, {
      state,
      name: `North ${String(index).padStart(2, '0')} ${state.replaceAll('_', ' ')}`,
      objectOwnerId: id('alice'),
      providerInstitutionId: env.world.institutions.HPCN,
      weighting: index % 3 === 0 ? { initiatedBy: 'alliance', expectedUsers: 'over_1000' } : {},
    });
  }
  for (const state of ['application_draft', 'service_online', 'service_planned'] as ServiceState[]) {
    await createServiceInState(db, {
      state,
      name: `South ${state}`,
      objectOwnerId: id('bob'),
      providerInstitutionId: env.world.institutions.DCS,
      keywordIds: [storageKeyword],
      fields: { shortDescription: 'Archive storage for "big" data, with tape; and more' },
    });
  }
  await createServiceInState(db, {
    state: 'service_online',
    name: '=HYPERLINK("http://evil.example")',
    objectOwnerId: id('paula'),
    fields: { shortDescription: 'Zwei Zeilen\nmit Umlauten: äöü ß' },
  });
  // alice is an admin of one of bob's drafts: it is hers to see.
  const [bobsDraft] = await db.select().from(services).where(eq(services.name, 'South application_draft'));
  await db.execute(sql`insert into service_admins (service_id, user_id) values (${bobsDraft!.id}, ${id('alice')})`);
});

describe('GET /api/services', () => {
  it('shows in a list exactly the services whose detail the caller may read', async () => {
    for (const username of ['alice', 'bob', 'paula', 'ivan', 'desk', 'admin']) {
      const listed = new Set((await everything(username, 'sort=name')).map((s) => s.id));
      const all = await env.test.database.db.select({ id: services.id }).from(services);
      for (const { id: serviceId } of all) {
        const status = (await get(username, `/api/services/${serviceId}`)).statusCode;
        expect(listed.has(serviceId), `${username} ${serviceId}`).toBe(status === 200);
      }
    }
  });

  it('answers 403 to callers without a portfolio role and 401 without a token', async () => {
    expect((await get('nora', '/api/services')).statusCode).toBe(403);
    expect((await get('carla', '/api/services')).statusCode).toBe(403);
    expect((await get(null, '/api/services')).statusCode).toBe(401);
    expect((await get(null, '/api/services/mine')).statusCode).toBe(401);
    expect((await get(null, '/api/services/export.csv')).statusCode).toBe(401);
    expect((await get(null, '/api/integration-list')).statusCode).toBe(401);
  });

  it('filters by tab, state, provider and keyword', async () => {
    for (const [tab, states] of Object.entries(TAB_STATES)) {
      const items = await everything('paula', `tab=${tab}`);
      expect(items.length, tab).toBeGreaterThan(0);
      for (const item of items) expect(states, `${tab}: ${item.state}`).toContain(item.state);
    }
    const online = await everything('paula', 'state=service_online');
    expect(online.map((s) => s.name).sort()).toEqual([
      '=HYPERLINK("http://evil.example")',
      'North 12 service online',
      'South service_online',
    ]);
    const south = await everything('paula', `provider=${env.world.institutions.DCS}`);
    expect(south).toHaveLength(3);
    expect(south.every((s) => s.providerInstitution?.abbreviation === 'DCS')).toBe(true);
    const tagged = await everything('bob', `keyword=${storageKeyword}`);
    expect(tagged.map((s) => s.name).sort()).toEqual([
      'South application_draft',
      'South service_online',
      'South service_planned',
    ]);
    expect(tagged[0]!.keywords).toEqual(['Object storage']);
    const combined = await list(
      'paula',
      `tab=catalogue&provider=${env.world.institutions.HPCN}&state=service_not_available`,
    );
    expect(combined.items.map((s) => s.name)).toEqual(['North 13 service not available']);
  });

  it('counts every tab under the search and filters in one answer, as each tab’s list counts', async () => {
    const counts = async (username: string, query: string) => {
      const response = await get(username, `/api/services/tab-counts?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ counts: Record<string, number> }>().counts;
    };
    for (const [username, query] of [
      ['paula', ''],
      ['alice', ''],
      ['paula', 'q=north'],
      ['paula', `provider=${env.world.institutions.DCS}`],
      ['bob', `keyword=${storageKeyword}`],
    ] as const) {
      const answer = await counts(username, query);
      for (const tab of [...Object.keys(TAB_STATES), 'myCentre']) {
        expect(answer[tab], `${username} ${query} ${tab}`).toBe((await list(username, `tab=${tab}&${query}`)).total);
      }
    }
    // A state counts only in the tabs that hold it (the list drops it on another tab).
    const online = await counts('paula', 'state=service_online');
    expect(online.catalogue).toBe(3);
    expect(online.pipeline).toBe((await list('paula', 'tab=pipeline')).total);
    expect((await get('paula', '/api/services/tab-counts?state=nowhere')).statusCode).toBe(400);
    expect((await get('paula', '/api/services/tab-counts?tab=pipeline')).statusCode).toBe(400);
    expect((await get('nora', '/api/services/tab-counts')).statusCode).toBe(403);
    expect((await get(null, '/api/services/tab-counts')).statusCode).toBe(401);
  });

  it('searches word prefixes in ID, name, short description and keywords; odd characters are harmless', async () => {
    expect((await list('paula', 'q=nort onl')).items.map((s) => s.name)).toEqual(['North 12 service online']);
    expect((await list('paula', 'q=ARCH TAPE')).total).toBe(3);
    expect((await list('paula', 'q=object sto')).total).toBe(3);
    const [first] = (await list('paula', 'sort=serviceId&order=asc&pageSize=1')).items;
    expect((await list('paula', `q=${first!.serviceId}`)).items.map((s) => s.id)).toEqual([first!.id]);
    expect((await list('paula', `q=${first!.serviceId.slice(4)}`)).items.map((s) => s.id)).toContain(first!.id);
    for (const odd of ["it's", '&|!:*()', '\\', '%_', 'ümlaut']) {
      expect((await get('paula', `/api/services?q=${encodeURIComponent(odd)}`)).statusCode, odd).toBe(200);
    }
    expect((await list('paula', `q=${encodeURIComponent('&|!')}`)).total).toBe(21);
  });

  it('sorts by every key with a stable order: pages never overlap or skip', async () => {
    const all = await everything('paula', 'sort=name&order=asc');
    expect(all).toHaveLength(21);
    expect(new Set(all.map((s) => s.id)).size).toBe(21);
    for (const sort of ['name', 'serviceId', 'state', 'provider', 'updatedAt', 'score']) {
      for (const order of ['asc', 'desc']) {
        const items = await everything('paula', `sort=${sort}&order=${order}`);
        expect(new Set(items.map((s) => s.id)).size, `${sort} ${order}`).toBe(21);
      }
    }
    const byName = (await everything('paula', 'sort=name&order=desc')).map((s) => s.name.toLowerCase());
    expect(byName).toEqual([...byName].sort().reverse());
    const byState = (await everything('paula', 'sort=state&order=asc')).map((s) => SERVICE_STATES.indexOf(s.state));
    expect(byState).toEqual([...byState].sort((a, b) => a - b));
    const byScore = (await everything('paula', 'sort=score&order=desc')).map((s) => s.score);
    expect(byScore).toEqual([...byScore].sort((a, b) => b - a));
    expect(byScore[0]).toBeGreaterThan(0);
    const byProvider = (await everything('paula', 'sort=provider&order=asc')).map(
      (s) => s.providerInstitution?.abbreviation ?? null,
    );
    expect(byProvider[0]).toBe('DCS');
    expect(byProvider.at(-1)).toBeNull();
  });

  it('pages with a total, also past the end; refuses bad paging with 400', async () => {
    const page = await list('paula', 'sort=name&pageSize=5&page=2');
    expect(page).toMatchObject({ total: 21, page: 2, pageSize: 5 });
    expect(page.items).toHaveLength(5);
    const beyond = await list('paula', 'sort=name&pageSize=5&page=9');
    expect(beyond).toMatchObject({ total: 21, items: [] });
    expect((await get('paula', '/api/services?pageSize=101')).statusCode).toBe(400);
    expect((await get('paula', '/api/services?page=0')).statusCode).toBe(400);
    expect((await get('paula', '/api/services?tab=nope')).statusCode).toBe(400);
    expect((await get('paula', '/api/services?sort=secret')).statusCode).toBe(400);
  });

  it('myCentre lists the services of the caller’s institution; mine those the caller is provider side of', async () => {
    const centre = await everything('alice', 'tab=myCentre');
    expect(centre.every((s) => s.providerInstitution?.abbreviation === 'HPCN')).toBe(true);
    expect(centre).toHaveLength(17);
    expect(await everything('ivan', 'tab=myCentre')).toHaveLength(0);
    await env.test.database.db
      .update(users)
      .set({ institutionId: null })
      .where(eq(users.id, id('desk')));
    // Written past the commands: tell the principal cache, as a command would.
    principalChanged(env.test.database.db, id('desk'));
    expect(await everything('desk', 'tab=myCentre')).toHaveLength(0);

    const mine = await everything('alice', 'sort=name', '/api/services/mine');
    expect(mine).toHaveLength(18); // her 17 and bob's draft she administers
    expect(await everything('alice', 'tab=mine&sort=name')).toEqual(mine);
    expect(await everything('nora', 'sort=name', '/api/services/mine')).toEqual([]);
    const bobs = await everything('bob', 'state=application_draft', '/api/services/mine');
    expect(bobs.map((s) => s.name)).toEqual(['South application_draft']);
  });
});

describe('GET /api/services/export.csv', () => {
  it('exports every matching row with a BOM, translated header and states, German dates, quoted cells', async () => {
    const response = await get('paula', '/api/services/export.csv?tab=catalogue&sort=name&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="services-catalogue-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const raw = response.rawPayload.toString('utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const lines = raw.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Service ID,Name,Status,Provider,Service type,Weighted score,Keywords,Short description,Last edit,Online since',
    );
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(raw).toContain('"Zwei Zeilen\nmit Umlauten: äöü ß"');
    expect(raw).toContain('"Archive storage for ""big"" data, with tape; and more"');
    expect(raw).toContain(',Service Online,');
    expect(raw).toContain(`"${formatDateTime('2025-01-15T09:00:00Z')}"`);
    // All five catalogue rows (one description spans two lines).
    expect(lines.filter((l) => /^SVC-\d{5},/.test(l))).toHaveLength(5);

    const german = await get('paula', '/api/services/export.csv?tab=catalogue', { 'accept-language': 'de' });
    expect(german.rawPayload.toString('utf8')).toContain('Service-ID,Name,Status,Anbieter');
    expect((await get('nora', '/api/services/export.csv')).statusCode).toBe(403);
  });

  it('works with the auth cookie, so a plain link downloads it', async () => {
    const response = await env.test.app.inject({
      method: 'GET',
      url: '/api/services/export.csv?q=south',
      cookies: { [AUTH_COOKIE]: env.world.people.bob!.token },
    });
    expect(response.statusCode).toBe(200);
    // bob sees his own draft but not alice's.
    expect(response.body).toContain('South application_draft');
    expect(response.body).not.toContain('North 01');
  });
});

describe('GET /api/integration-list', () => {
  it('sorts by weighted score, highest first, then by name; for SPM and SIM only', async () => {
    const items = await everything('ivan', 'tab=pipeline&scope=all', '/api/integration-list');
    const scores = items.map((s) => s.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const tied = items.filter((s) => s.score === scores.at(-1)).map((s) => s.name.toLowerCase());
    expect(tied).toEqual([...tied].sort());
    expect((await list('paula', 'q=north&pageSize=3&scope=all', '/api/integration-list')).total).toBe(17);
    // SIM does not see draft applications.
    expect((await everything('ivan', 'state=application_draft&scope=all', '/api/integration-list')).length).toBe(0);
    expect((await get('bob', '/api/integration-list')).statusCode).toBe(403);
    expect((await get('paula', '/api/integration-list?sort=name')).statusCode).toBe(400);
    expect((await get('paula', '/api/integration-list?scope=some')).statusCode).toBe(400);
  });

  it('shows only the services in integration work unless asked for all', async () => {
    const work = await everything('ivan', 'q=north', '/api/integration-list');
    expect(work.map((s) => s.state).sort()).toEqual([...INTEGRATION_WORK_STATES].sort());
    const online = await list('ivan', 'state=service_online', '/api/integration-list');
    expect(online.total).toBe(0);
    expect((await list('ivan', 'state=service_online&scope=all', '/api/integration-list')).total).toBeGreaterThan(0);
  });

  it('exports the view as CSV in its order, for SPM and SIM only', async () => {
    const response = await get('ivan', '/api/integration-list/export.csv?q=north');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="integration-list-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const names = (await everything('ivan', 'q=north', '/api/integration-list')).map((s) => s.name);
    expect(lines).toHaveLength(names.length + 1);
    names.forEach((name, index) => expect(lines[index + 1]).toContain(name));
    const all = await get('ivan', '/api/integration-list/export.csv?q=north&scope=all');
    expect(all.body.trim().split('\r\n')).toHaveLength(
      (await everything('ivan', 'q=north&scope=all', '/api/integration-list')).length + 1,
    );
    expect((await get('bob', '/api/integration-list/export.csv')).statusCode).toBe(403);
    expect((await get(null, '/api/integration-list/export.csv')).statusCode).toBe(401);
    expect((await get('ivan', '/api/integration-list/export.csv?page=2')).statusCode).toBe(400);
  });
});

describe('reference data', () => {
  it('GET /api/institutions lists the institutions for any logged-in user', async () => {
    const response = await get('nora', '/api/institutions');
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { abbreviation: string; isCentre: boolean }[];
    expect(items.map((i) => i.abbreviation)).toEqual(['CCM', 'DCS', 'HPCN', 'KLC', 'NUBES', 'REC', 'UW']);
    expect(items.filter((i) => i.isCentre)).toHaveLength(6);
    expect((await get(null, '/api/institutions')).statusCode).toBe(401);
  });

  it('GET /api/weighting-criteria answers the ten seeded criteria in order', async () => {
    const response = await get('alice', '/api/weighting-criteria');
    expect(response.statusCode).toBe(200);
    const items = response.json().items as { key: string; factor: number; options: unknown[] }[];
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({ key: 'initiatedBy', factor: 2 });
    expect((await get(null, '/api/weighting-criteria')).statusCode).toBe(401);
  });
});

describe('cached list pages', () => {
  it('show a change made through the API at once, also a change of who may see a draft', async () => {
    const before = await list('bob', 'q=cachetest');
    expect(before.total).toBe(0);
    const created = await env.test.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: env.as('alice'),
      payload: { name: 'Cachetest draft' },
    });
    expect(created.statusCode).toBe(201);
    expect((await list('alice', 'q=cachetest')).total).toBe(1);
    expect((await list('bob', 'q=cachetest')).total).toBe(0);
    const owner = await env.test.app.inject({
      method: 'PUT',
      url: `/api/services/${created.json().id}/roles`,
      headers: env.as('alice'),
      payload: { version: 1, serviceOwnerId: id('alice') },
    });
    expect(owner.statusCode).toBe(200);
    const shared = await env.test.app.inject({
      method: 'POST',
      url: `/api/services/${created.json().id}/admins`,
      headers: env.as('alice'),
      payload: { version: 2, userId: id('bob') },
    });
    expect(shared.statusCode).toBe(200);
    expect((await list('bob', 'q=cachetest')).items.map((s) => s.name)).toEqual(['Cachetest draft']);
    await env.test.app.inject({
      method: 'PATCH',
      url: `/api/services/${created.json().id}`,
      headers: env.as('bob'),
      payload: { version: 3, name: 'Cachetest renamed' },
    });
    expect((await list('alice', 'q=cachetest')).items.map((s) => s.name)).toEqual(['Cachetest renamed']);
    expect((await list('paula', 'q=cachetest&scope=all', '/api/integration-list')).items.map((s) => s.name)).toEqual([
      'Cachetest renamed',
    ]);
  });
});
