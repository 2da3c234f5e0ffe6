import { eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';
import type { Db } from './client.js';
import { PREPARED_PER_CONNECTION, statementName } from './named-statements.js';
import { users } from './schema.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

/** A statement's rows (the drivers' result types differ; on PostgreSQL it is node-postgres's). */
const rowsOf = async (result: Promise<unknown>) => ((await result) as { rows: unknown[] }).rows;

/** The statements this connection holds prepared (a transaction keeps one connection). */
const preparedOf = async (tx: Pick<Db, 'execute'>) =>
  (await rowsOf(tx.execute(sql`select name, statement from pg_prepared_statements`))) as {
    name: string;
    statement: string;
  }[];

describe('named prepared statements on PostgreSQL', () => {
  it('prepares a read once per connection under its text’s name and runs it again with other parameters', async () => {
    await database.db.transaction(async (tx) => {
      const doubled = (n: number) => sql`select ${n}::int * 2 as doubled`;
      const text = new PgDialect().sqlToQuery(doubled(0)).sql;
      expect(await rowsOf(tx.execute(doubled(1)))).toEqual([{ doubled: 2 }]);
      expect(await rowsOf(tx.execute(doubled(2)))).toEqual([{ doubled: 4 }]);
      expect(await rowsOf(tx.execute(doubled(3)))).toEqual([{ doubled: 6 }]);
      const prepared = await preparedOf(tx);
      expect(prepared.filter((row) => row.name === statementName(text))).toEqual([
        { name: statementName(text), statement: text },
      ]);
    });
  });

  it('leaves writes unnamed', async () => {
    await database.db.transaction(async (tx) => {
      await tx.update(users).set({ fullname: 'Admin' }).where(eq(users.username, 'nobody'));
      expect((await preparedOf(tx)).filter((row) => /^\s*update/i.test(row.statement))).toEqual([]);
    });
  });

  it('keeps at most PREPARED_PER_CONNECTION statements on a connection and runs the rest unnamed', async () => {
    await database.db.transaction(async (tx) => {
      for (let i = 0; i <= PREPARED_PER_CONNECTION; i += 1)
        expect(await rowsOf(tx.execute(sql`select ${i}::int + ${sql.raw(String(i))} as n`))).toEqual([{ n: 2 * i }]);
      expect((await preparedOf(tx)).length).toBe(PREPARED_PER_CONNECTION);
    });
  });
});
