import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { users, weightingCriteria } from '../db/schema.js';
import { useTestDatabase } from './harness.js';
import { captureTemplate, resetToTemplate } from './template-snapshot.js';

describe('a test database put back to the template', () => {
  const env = useTestDatabase();
  const template = () => inject('templateSnapshot');

  it('starts as the template: its rows, sequences and schema', async () => {
    const snapshot = await captureTemplate(env.database.db);
    expect(snapshot).toEqual(template());
    expect(snapshot.rows.map((held) => held.table)).toEqual([
      'drizzle.__drizzle_migrations',
      'public.weighting_criteria',
    ]);
  });

  it('holds the template again after rows written, changed and deleted, a sequence moved and tables analyzed', async () => {
    const { db } = env.database;
    await db
      .insert(users)
      .values({ username: 'reset-check', fullname: 'Reset Check', email: 'r@example.org', roles: [] });
    await db.update(weightingCriteria).set({ factor: 99 });
    await db.execute(
      sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    await db.execute(sql`select nextval('service_number_seq')`);
    await db.execute(sql`analyze users, weighting_criteria`);
    expect(await captureTemplate(db)).not.toEqual(template());

    expect(await resetToTemplate(db, template())).toBe(true);

    expect(await captureTemplate(db)).toEqual(template());
    expect(await db.select().from(users)).toEqual([]);
    const { rows } = (await db.execute(sql`select nextval('service_number_seq')::int as n`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('refuses a database whose schema a file changed, and takes it back once the change is undone', async () => {
    const { db } = env.database;
    await db.execute(sql`create index reset_check on users (email)`);
    expect(await resetToTemplate(db, template())).toBe(false);
    await db.execute(sql`drop index reset_check`);
    expect(await resetToTemplate(db, template())).toBe(true);
  });
});
