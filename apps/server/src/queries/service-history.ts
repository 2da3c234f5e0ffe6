import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

/** A service's audit events, newest first. */
export const listServiceAuditEvents = (db: Db, serviceId: string) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, 'service'), eq(auditEvents.objectId, serviceId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
