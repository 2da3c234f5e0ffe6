import { ROUTES } from '@nubes/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedPrincipals, type TestApp } from '../test/harness.js';
import { createServiceInState, seedServiceWorld } from '../test/services-fixtures.js';

let test: TestApp;
const ids: Record<string, string> = {};
let owner: string;

beforeAll(async () => {
  test = await createTestApp({ env: { PUBLIC_URL: 'https://portal.example.org' } });
  const world = await seedServiceWorld(test, await seedPrincipals(test));
  owner = world.people.alice!.id;
  const db = test.database.db;
  for (const [name, state] of [
    ['Online one', 'service_online'],
    ['Retired one', 'service_retired'],
    ['Draft one', 'application_draft'],
  ] as const) {
    ids[name] = (await createServiceInState(db, { state, name, objectOwnerId: owner })).serviceId;
  }
});
afterAll(() => test.close());

/** Whether a robots.txt's groups let every crawler fetch the path (longest matching rule wins, as RFC 9309 says). */
const allowed = (robots: string, path: string) => {
  const rules = robots
    .split('\n')
    .map((line) => /^(Allow|Disallow):\s*(\S*)/.exec(line))
    .filter((match) => match !== null)
    .map(([, kind, prefix]) => ({ allow: kind === 'Allow', prefix: prefix! }))
    .filter((rule) => path.startsWith(rule.prefix));
  const longest = rules.sort((a, b) => b.prefix.length - a.prefix.length || Number(b.allow) - Number(a.allow))[0];
  return longest?.allow ?? true;
};

describe('GET /robots.txt', () => {
  it('is a robots file, not the web app: the public pages crawlable, the API, the IdP and the screens behind a login not', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const robots = response.body;
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/portal\.example\.org\/sitemap\.xml$/m);
    for (const path of ['/', '/login', '/sc/public-service-portfolio', '/sc/public-service-portfolio/SVC-00001'])
      expect(allowed(robots, path), path).toBe(true);
    for (const path of ['/api/services', '/dev-idp/auth', '/sc/my-services', '/sc/service/abc', '/manage/adminPanel'])
      expect(allowed(robots, path), path).toBe(false);
    // Every route of the table: public ones open, the others closed.
    for (const route of ROUTES.filter((r) => r.path !== '*' && r.id !== 'loginOauth')) {
      const path = route.path.replace(/:\w+/g, 'x');
      expect(allowed(robots, path), route.id).toBe(route.permission === 'public');
    }
  });
});

describe('GET /sitemap.xml', () => {
  it('lists the public pages and every public service page from the database, drafts not', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locations = [...response.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);
    expect(response.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locations).toContain('https://portal.example.org/');
    expect(locations).toContain('https://portal.example.org/sc/public-service-portfolio');
    expect(locations).toContain(`https://portal.example.org/sc/public-service-portfolio/${ids['Online one']}`);
    expect(locations).toContain(`https://portal.example.org/sc/public-service-portfolio/${ids['Retired one']}`);
    expect(locations).not.toContain(`https://portal.example.org/sc/public-service-portfolio/${ids['Draft one']}`);
    expect(locations.some((location) => location?.endsWith('/login'))).toBe(false);
  });

  it('is current: a service that goes online is in the next answer', async () => {
    const added = await createServiceInState(test.database.db, {
      state: 'service_online',
      name: 'Newly online',
      objectOwnerId: owner,
    });
    const response = await test.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.body).toContain(`/sc/public-service-portfolio/${added.serviceId}</loc>`);
  });
});
