import { describe, beforeAll, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { useTestApp } from '../test/harness.js';

describe('user search (the user picker)', () => {
  const env = useTestApp();

  const search = (user: string | null, q?: string) =>
    env.test.app.inject({
      method: 'GET',
      url: '/api/users',
      query: q === undefined ? {} : { q },
      headers: env.as(user),
    });
  const usernames = (response: { json(): { items: { username: string }[] } }) =>
    response.json().items.map((u) => u.username);

  beforeAll(async () => {
    await env.test.database.db.insert(users).values(
      Array.from({ length: 25 }, (_, i) => ({
        username: `tester${String(i).padStart(2, '0')}`,
        fullname: `Zora Tester ${String(25 - i).padStart(2, '0')}`,
        email: `t${i}@lab_1.example`,
      })),
    );
  });

  it('finds users by part of the name, username or e-mail, case-insensitively', async () => {
    const byName = await search('alice', 'ADLER');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().items).toEqual([
      { id: env.person('alice').id, username: 'alice', fullname: 'Alice Adler', email: 'alice@hpc-north.example' },
    ]);
    expect(usernames(await search('alice', 'bob@datacenter'))).toEqual(['bob']);
    expect(usernames(await search('alice', 'DATACENTER-south'))).toEqual(['bob', 'victor']);
    expect(usernames(await search('paula', 'rit'))).toEqual(['rita']);
    // Words in any order match as prefixes of name, e-mail or username.
    expect(usernames(await search('paula', 'adl ali'))).toEqual(['alice']);
    expect(usernames(await search('paula', 'nobody-here'))).toEqual([]);
  });

  it('sorts by full name and answers at most 20, with nothing but id, username, name and e-mail', async () => {
    const response = await search('desk', 'tester');
    const items = response.json<{ items: Record<string, string>[] }>().items;
    expect(items).toHaveLength(20);
    expect(items[0]!.fullname).toBe('Zora Tester 01');
    expect(items.map((u) => u.fullname)).toEqual([...items.map((u) => u.fullname)].sort());
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['email', 'fullname', 'id', 'username']);
  });

  it('treats LIKE wildcards as characters', async () => {
    expect(usernames(await search('alice', 'b_1')).length).toBe(20);
    expect(usernames(await search('alice', '%%'))).toEqual([]);
  });

  it('wants at least two characters (400), the role (403) and a login (401)', async () => {
    const short = await search('alice', ' a ');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ q: 'Please type at least two characters' });
    expect((await search('alice')).statusCode).toBe(400);
    expect((await search('nora', 'alice')).statusCode).toBe(403);
    expect((await search('rita', 'alice')).statusCode).toBe(403);
    expect((await search(null, 'alice')).statusCode).toBe(401);
  });

  it('leaves GET /users/:username as it was', async () => {
    const own = await env.test.app.inject({ method: 'GET', url: '/api/users/alice', headers: env.as('alice') });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({
      username: 'alice',
      fullname: 'Alice Adler',
      email: 'alice@hpc-north.example',
      roles: ['serviceProvider'],
    });
    const other = await env.test.app.inject({ method: 'GET', url: '/api/users/bob', headers: env.as('alice') });
    expect(other.statusCode).toBe(404);
  });
});
