import { AUTH_COOKIE } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, services, users } from '../db/schema.js';
import { demoSeedOptions, seedDemoData } from '../demo/seed-demo-data.js';
import { bearer, createTestApp, sessionToken, type TestApp } from '../test/harness.js';

/**
 * Every list's CSV and JSON export (http/list-export.ts) against the list itself, on the demo
 * alliance: the same rows for the same person and filters, in the list's order.
 */
let test: TestApp;
const tokens = new Map<string, string>();

const get = (username: string | null, url: string, headers: Record<string, string> = {}) =>
  test.app.inject({
    method: 'GET',
    url,
    headers: { ...(username ? bearer(tokens.get(username)!) : {}), ...headers },
  });

/** Every row the list shows the person for this query, page after page, as the list answers them. */
const listed = async (username: string, path: string, query: string): Promise<unknown[]> => {
  const items: unknown[] = [];
  for (let page = 1; ; page++) {
    const response = await get(username, `${path}?${query}${query ? '&' : ''}page=${page}&pageSize=20`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ items: unknown[]; total?: number }>();
    items.push(...body.items);
    if (body.items.length < 20) return items;
  }
};

interface ExportedList {
  path: string;
  file: string;
  /** Someone who sees the list, and a query narrowing it. */
  reader: string;
  query: string;
  /** Someone the list refuses (403), when it needs a role. */
  refused?: string;
  /** Someone else who sees it, and sees other rows. */
  other?: string;
}

const LISTS: ExportedList[] = [
  {
    path: '/api/services',
    file: 'services-all',
    reader: 'alice',
    query: 'sort=name&order=asc',
    refused: 'carla',
    other: 'paula',
  },
  {
    path: '/api/integration-list',
    file: 'integration-list',
    reader: 'ivan',
    query: 'scope=all&q=hpc',
    refused: 'alice',
  },
  { path: '/api/contacts', file: 'contacts', reader: 'carla', query: 'sort=firstname&order=desc', refused: 'alice' },
  { path: '/api/vos', file: 'vos', reader: 'victor', query: 'sort=name&order=asc', other: 'sven' },
  { path: '/api/institutions', file: 'institutions', reader: 'nora', query: '' },
  {
    path: '/api/user-accounts',
    file: 'user-accounts',
    reader: 'admin',
    query: 'role=serviceProvider&sort=username',
    refused: 'alice',
  },
  { path: '/api/reviews', file: 'reviews', reader: 'paula', query: 'tab=catalogue&sort=serviceId', refused: 'ivan' },
  {
    path: '/api/change-requests',
    file: 'change-requests',
    reader: 'paula',
    query: 'sort=service&order=asc',
    refused: 'alice',
  },
  {
    path: '/api/resource-packages/review-list',
    file: 'resource-packages',
    reader: 'rita',
    query: 'state=submitted',
    refused: 'alice',
  },
  { path: '/api/pilots', file: 'pilots-ending', reader: 'paula', query: 'sort=name&order=desc', refused: 'alice' },
];

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoData(test.database.db, demoSeedOptions(test.config));
  for (const user of await test.database.db.select().from(users))
    tokens.set(user.username, await sessionToken(test, user));
  // Names a spreadsheet would run as formulas.
  const [contact] = await test.database.db.select().from(contacts).limit(1);
  await test.database.db
    .update(contacts)
    .set({ lastname: '=HYPERLINK("http://evil.example")' })
    .where(eq(contacts.id, contact!.id));
  const [online] = await test.database.db.select().from(services).where(eq(services.state, 'service_online')).limit(1);
  await test.database.db.update(services).set({ name: '+SUM(A1:A9)' }).where(eq(services.id, online!.id));
});
afterAll(() => test.close());

describe.each(LISTS)('the exports of $path', (list) => {
  const url = (format: 'csv' | 'json', query = list.query) =>
    `${list.path}/export.${format}${query ? `?${query}` : ''}`;

  it('hold as JSON exactly the rows the list shows the person, in its order, as the list answers them', async () => {
    const response = await get(list.reader, url('json'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${list.file}-\\d{4}-\\d{2}-\\d{2}\\.json"$`),
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    const rows = await listed(list.reader, list.path, list.query);
    expect(rows.length).toBeGreaterThan(0);
    expect(response.json()).toEqual({ items: rows });
    if (list.other) {
      const others = await get(list.other, url('json'));
      expect(others.json()).toEqual({ items: await listed(list.other, list.path, list.query) });
      expect(others.json()).not.toEqual({ items: rows });
    }
  });

  it('hold as CSV a header in the caller’s language and a line per row', async () => {
    const response = await get(list.reader, url('csv'), { 'accept-language': 'de' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${list.file}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const english = (await get(list.reader, url('csv'))).rawPayload.toString('utf8');
    expect(text.split('\r\n')[0]).not.toBe(english.split('\r\n')[0]);
    // Quoted cells may hold line breaks: count the rows by the JSON instead of the lines.
    const rows = (await get(list.reader, url('json'))).json<{ items: unknown[] }>().items;
    expect(text.match(/\r\n/g)!.length).toBeGreaterThanOrEqual(rows.length + 1);
  });

  it('answer 401 without a session, 403 to whoever the list refuses, 400 to paging and unknown filters', async () => {
    expect((await get(null, url('csv'))).statusCode).toBe(401);
    expect((await get(null, url('json'))).statusCode).toBe(401);
    if (list.refused) {
      expect((await get(list.refused, url('csv'))).statusCode).toBe(403);
      expect((await get(list.refused, url('json'))).statusCode).toBe(403);
    }
    expect((await get(list.reader, url('csv', 'page=2'))).statusCode).toBe(400);
    expect((await get(list.reader, url('json', 'pageSize=5'))).statusCode).toBe(400);
    expect((await get(list.reader, url('json', 'nonsense=1'))).statusCode).toBe(400);
  });

  it('work with the auth cookie, so a plain link downloads them', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: url('csv'),
      cookies: { [AUTH_COOKIE]: tokens.get(list.reader)! },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('the CSV exports', () => {
  it('keep a cell from becoming a formula in a spreadsheet', async () => {
    const people = (await get('carla', '/api/contacts/export.csv')).rawPayload.toString('utf8');
    expect(people).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const portfolio = (await get('paula', '/api/services/export.csv?q=sum')).rawPayload.toString('utf8');
    expect(portfolio).toContain(`,'+SUM(A1:A9),`);
  });
});

describe('the selected rows of a service list', () => {
  it('are exported alone with ids, still only those the person may see', async () => {
    const rows = (await listed('paula', '/api/services', 'sort=name')) as { id: string; name: string }[];
    const chosen = [rows[3]!, rows[0]!];
    const response = await get('paula', `/api/services/export.json?sort=name&ids=${chosen.map((r) => r.id).join(',')}`);
    expect(response.headers['content-disposition']).toMatch(/filename="services-selected-/);
    expect(response.json<{ items: { id: string }[] }>().items.map((r) => r.id)).toEqual([rows[0]!.id, rows[3]!.id]);
    // A draft of someone else's is not bob's to export, selected or not.
    const [draft] = await test.database.db.select().from(services).where(eq(services.state, 'application_draft'));
    const bobs = await get('bob', `/api/services/export.json?ids=${draft!.id}`);
    const visible = (await get('bob', `/api/services/${draft!.id}`)).statusCode === 200;
    expect(bobs.json<{ items: unknown[] }>().items).toHaveLength(visible ? 1 : 0);
    expect((await get('paula', '/api/services/export.csv?ids=not-an-id')).statusCode).toBe(400);
  });
});
