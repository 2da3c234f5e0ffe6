import type { Principal } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serviceReviews } from '../db/schema.js';
import type { LoadedService } from '../model/service.js';
import { loadVisibleService } from '../policies/service-policy.js';

/** A service the caller may see (404 otherwise) with its review row, null when it never had one. */
export const loadServiceReview = async (db: Db, serviceId: string, principal: Principal) => {
  const service: LoadedService = await loadVisibleService(db, serviceId, principal);
  const [review] = await db.select().from(serviceReviews).where(eq(serviceReviews.serviceId, serviceId));
  return { service, review: review ?? null };
};
