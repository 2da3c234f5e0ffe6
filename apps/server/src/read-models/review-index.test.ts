import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceReviews, services, users } from '../db/schema.js';
import { openTestDatabase } from '../test/harness.js';
import { createReviewIndex } from './review-index.js';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let serviceId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  const [owner] = await database.db.insert(users).values({ username: 'owner' }).returning();
  const [service] = await database.db
    .insert(services)
    .values({ serviceId: 'SVC-90001', name: 'Indexed', state: 'service_online', objectOwnerId: owner!.id })
    .returning();
  serviceId = service!.id;
});
afterAll(() => database.drop());

describe('the review index', () => {
  it('reads again after a change here, and notices another instance’s change at the next look', async () => {
    let clock = 0;
    const index = createReviewIndex({ db: database.db, revalidateMs: 1000, now: () => clock });
    expect((await index.snapshot()).size).toBe(0);

    // Written as another instance would: nobody tells this index.
    await database.db.insert(serviceReviews).values({ serviceId, status: 'running', startedAt: sql`now()` });
    expect((await index.snapshot()).has(serviceId)).toBe(false);
    clock += 1000;
    expect((await index.snapshot()).get(serviceId)?.status).toBe('running');

    await database.db
      .update(serviceReviews)
      .set({ status: 'finishedOK', version: 2 })
      .where(eq(serviceReviews.serviceId, serviceId));
    index.changed();
    expect((await index.snapshot()).get(serviceId)?.status).toBe('finishedOK');
  });

  it('a request that comes while a local change is being read waits for that read', async () => {
    const index = createReviewIndex({ db: database.db, revalidateMs: Number.POSITIVE_INFINITY });
    await index.snapshot();
    await database.db
      .update(serviceReviews)
      .set({ status: 'running', version: 3 })
      .where(eq(serviceReviews.serviceId, serviceId));
    index.changed();
    const [first, second] = [index.snapshot(), index.snapshot()];
    expect((await first).get(serviceId)?.status).toBe('running');
    expect((await second).get(serviceId)?.status).toBe('running');
  });
});
