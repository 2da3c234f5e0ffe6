import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { serviceDocuments } from '../db/schema.js';

/** A service's documents, newest first. */
export const listServiceDocuments = (db: Db, serviceId: string) =>
  db
    .select()
    .from(serviceDocuments)
    .where(eq(serviceDocuments.serviceId, serviceId))
    .orderBy(desc(serviceDocuments.createdAt), desc(serviceDocuments.id));

/** One document of a service, or undefined when the service has no such document. */
export const findServiceDocument = async (db: Db, serviceId: string, documentId: string) => {
  const [row] = await db
    .select()
    .from(serviceDocuments)
    .where(and(eq(serviceDocuments.id, documentId), eq(serviceDocuments.serviceId, serviceId)));
  return row;
};
