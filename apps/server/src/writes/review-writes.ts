import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { serviceReviews } from '../db/schema.js';
import type { LoadedService } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

export type ReviewRow = typeof serviceReviews.$inferSelect;

/** A service with its review row (null: it never had one, inactive at version 0). */
export interface ReviewedService {
  service: LoadedService;
  review: ReviewRow | null;
}

/** Columns a review change may write; the pipeline writes the version and the change time. */
export type ReviewSet = Omit<Partial<PgInsertValue<typeof serviceReviews>>, 'serviceId' | 'version' | 'updatedAt'>;

const lockReview = async (tx: Tx, serviceId: string): Promise<ReviewRow | null> => {
  const [row] = await tx.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId)).for('update');
  return row ?? null;
};

/**
 * A service's review as an object of the write pipeline (ADR 0029). It locks the service row
 * first, as every service change does, so a review and the service's own changes (a change
 * request's hand-in) never cross; the version is the review's own, the service's stays as it is.
 * Its events are about the service, so they show in the service's history.
 */
export const REVIEW_KIND: ObjectKind<ReviewedService, ReviewedService, ReviewSet, 'service'> = {
  objectType: 'service',
  lock: async (tx, id, principal) => {
    const service = await loadVisibleService(tx, id, principal, { forUpdate: true });
    return { service, review: await lockReview(tx, id) };
  },
  idOf: (object) => object.service.row.id,
  version: (object) => object.review?.version ?? 0,
  bump: async (tx, object, set) => {
    const values = { ...set, version: (object.review?.version ?? 0) + 1, updatedAt: sql`now()` };
    // The row is locked when it exists; a service's first review inserts it under the service's lock.
    const [review] = object.review
      ? await tx
          .update(serviceReviews)
          .set(values)
          .where(eq(serviceReviews.serviceId, object.service.row.id))
          .returning()
      : await tx
          .insert(serviceReviews)
          .values({ serviceId: object.service.row.id, ...values })
          .returning();
    return { service: object.service, review: review! };
  },
};

/** changeObject for a service's review. */
export const changeReview = <T>(writes: Writes, request: ObjectWrite<ReviewedService, ReviewSet, 'service', T>) =>
  changeObject(writes, REVIEW_KIND, request);
