import type { AuditObjectType } from '@nubes/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

/** An object's audit events, newest first. */
export const listAuditEvents = (db: Db, objectType: AuditObjectType, objectId: string) =>
  db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.objectType, objectType), eq(auditEvents.objectId, objectId)))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));

/** A service's audit events, newest first. */
export const listServiceAuditEvents = (db: Db, serviceId: string) => listAuditEvents(db, 'service', serviceId);
