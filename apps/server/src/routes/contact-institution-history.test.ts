import { MAX_STREAM_PAGE_SIZE, type HistoryEntry } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { contactBody } from '../test/contact-fixtures.js';
import { useTestApp } from '../test/harness.js';

/** The History tabs of a contact and an institution: their audit events, newest first, a page at a time. */
const env = useTestApp();
const MISSING = '00000000-0000-4000-8000-000000000000';

const call = (user: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  env.test.app.inject({
    method,
    url: `/api${url}`,
    headers: { ...env.as(user), 'accept-language': 'de' },
    ...(payload ? { payload } : {}),
  });

type Page = { items: HistoryEntry[]; nextCursor: string | null };

/** Every entry of a history, `limit` at a time, following the cursors. */
const everything = async (user: string, url: string, limit: number) => {
  const pages: Page[] = [];
  let cursor: string | null = null;
  do {
    const response = await call(user, 'GET', `${url}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page: Page = response.json<Page>();
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
};

const institution = {
  abbreviation: 'HLRN',
  name: 'High Performance Computing North',
  description: '',
  url: '',
  isCentre: true,
  isServiceProvider: false,
};
const contact = contactBody();

const HISTORIES = [
  {
    kind: 'institution',
    create: () => call('carla', 'POST', '/institutions', institution),
    edit: (id: string, version: number, name: string) =>
      call('desk', 'PATCH', `/institutions/${id}`, { ...institution, name, version }),
    url: (id: string) => `/institutions/${id}/history`,
  },
  {
    kind: 'contact',
    create: () => call('carla', 'POST', '/contacts', contact),
    edit: (id: string, version: number, name: string) =>
      call('desk', 'PATCH', `/contacts/${id}`, { ...contact, lastname: name, properties: [], version }),
    url: (id: string) => `/contacts/${id}/history`,
  },
] as const;

describe.each(HISTORIES)('the history of an $kind', (history) => {
  let id: string;
  beforeAll(async () => {
    const created = await history.create();
    expect(created.statusCode, created.body).toBe(201);
    ({ id } = created.json<{ id: string }>());
    let version = created.json<{ version: number }>().version;
    for (const name of ['Eins', 'Zwei', 'Drei']) {
      const edited = await history.edit(id, version, name);
      expect(edited.statusCode, edited.body).toBe(200);
      version = edited.json<{ version: number }>().version;
    }
  });

  it('shows every change newest first, old → new, with who made it, a page at a time', async () => {
    const pages = await everything('carla', history.url(id), 2);
    expect(pages.map((page) => page.items.length)).toEqual([2, 2]);
    const entries = pages.flatMap((page) => page.items);
    expect(entries.map((entry) => entry.action)).toEqual([
      `${history.kind}.updated`,
      `${history.kind}.updated`,
      `${history.kind}.updated`,
      `${history.kind}.created`,
    ]);
    const field = history.kind === 'contact' ? 'lastname' : 'name';
    expect(entries[0]!.changes).toContainEqual({ field, before: 'Zwei', after: 'Drei' });
    // The history names people as they are called, not by their login.
    const [desk] = await env.test.database.db.select().from(users).where(eq(users.username, 'desk'));
    expect(entries[0]!.actor).toBe(desk!.fullname);
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(4);
  });

  it('answers 401 without a session and 403 to those who do not keep the contact database', async () => {
    expect((await call(null, 'GET', history.url(id))).statusCode).toBe(401);
    for (const user of ['alice', 'nora', 'paula', 'rita']) {
      expect((await call(user, 'GET', history.url(id))).statusCode, user).toBe(403);
    }
    expect((await call('admin', 'GET', history.url(id))).statusCode).toBe(200);
  });

  it('refuses a page size out of range, a cursor it did not write and a bad id with 400, in German', async () => {
    for (const query of [`limit=${MAX_STREAM_PAGE_SIZE + 1}`, 'limit=0', 'limit=zwei', 'cursor=%%%', 'cursor=abc']) {
      const response = await call('carla', 'GET', `${history.url(id)}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).not.toMatch(/Error|stack/);
    }
    expect((await call('carla', 'GET', `${history.url(id)}?limit=${MAX_STREAM_PAGE_SIZE}`)).statusCode).toBe(200);
    expect((await call('carla', 'GET', history.url('not-an-id'))).statusCode).toBe(400);
    expect((await call('carla', 'GET', history.url(MISSING))).statusCode).toBe(404);
  });
});
