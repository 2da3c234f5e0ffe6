import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serviceComments } from '../db/schema.js';

/** A service's comments, oldest first. */
export const listServiceComments = (db: Db, serviceId: string) =>
  db
    .select()
    .from(serviceComments)
    .where(eq(serviceComments.serviceId, serviceId))
    .orderBy(asc(serviceComments.createdAt), asc(serviceComments.id));
