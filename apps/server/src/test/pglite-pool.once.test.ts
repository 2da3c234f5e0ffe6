import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { openTestDatabase } from './harness.js';

const rows = async <T>(database: Awaited<ReturnType<typeof openTestDatabase>>, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

it("gives the next file the template, not what the last one wrote or set, and refuses the last one's handle", async () => {
  const first = await openTestDatabase();
  await first.db
    .insert(users)
    .values({ username: 'left-behind', fullname: 'Left Behind', email: 'l@example.org', roles: [] });
  await first.db.execute(sql`set enable_seqscan = off`);
  await first.drop();
  await expect(first.db.select().from(users)).rejects.toHaveProperty('cause.message', expect.stringMatching(/revoked/));

  const next = await openTestDatabase();
  try {
    expect(await next.db.select().from(users)).toEqual([]);
    expect(await rows(next, sql`show enable_seqscan`)).toEqual([{ enable_seqscan: 'on' }]);
  } finally {
    await next.drop();
  }
});
