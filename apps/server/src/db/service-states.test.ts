import { SERVICE_STATES } from '@nubes/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.drop());

it('lets the migrated database hold exactly the domain’s service states, in its order', async () => {
  const result = await database.db.execute(sql`
    select pg_get_constraintdef(oid) as definition from pg_constraint
    where conname = 'services_state_known' and conrelid = 'services'::regclass`);
  const [row] = (result as unknown as { rows: { definition: string }[] }).rows;
  expect(row).toBeDefined();
  const states = [...row!.definition.matchAll(/'([a-z_]+)'/g)].map((match) => match[1]);
  expect(states).toEqual([...SERVICE_STATES]);
});
