import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../audit/events.js';
import { msg } from '../i18n/core.js';
import { listPageFields } from '../schemas/list-query.js';
import { streamPageFields } from '../schemas/stream-page.js';
import { text } from '../schemas/text.js';

const isoDateTime = z.string().meta({ format: 'date-time' });
/** A day in the alliance's time zone (Europe/Berlin), as the portal shows dates (dates.ts). */
const day = z.iso.date({ error: msg('validation.date') });

/**
 * The audit log of the whole portal: who (the actor's id), what (the action), which object (its kind,
 * and its id), when (from and to, whole days, both included) and the page; newest first. The admin
 * panel jumps between numbered pages with the count of all; a client that walks the whole log sends
 * the answer's `nextCursor` instead, which needs no offset however far it goes
 * (docs/adr/0074-paged-streams.md).
 */
export const auditLogQuerySchema = z
  .object({
    actor: z.uuid({ error: msg('validation.invalid') }).optional(),
    action: z.enum(AUDIT_ACTIONS as [string, ...string[]], { error: msg('validation.option') }).optional(),
    objectType: z.enum(AUDIT_OBJECT_TYPES as [string, ...string[]], { error: msg('validation.option') }).optional(),
    objectId: text().trim().max(200, msg('validation.tooLong')).optional(),
    from: day.optional(),
    to: day.optional(),
    ...listPageFields(['at'], { sort: 'at', order: 'desc' }),
    cursor: streamPageFields.cursor,
  })
  .strict()
  .refine((query) => !query.cursor || query.page === 1, { path: ['page'], error: msg('validation.pageWithCursor') })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    error: msg('adminSections.auditLog.toBeforeFrom'),
  });
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** One event as the audit log and a user account's details show it: old → new of each changed value. */
export const auditLogEntrySchema = z
  .object({
    id: z.string(),
    at: isoDateTime,
    actor: z.string(),
    actorId: z.string().nullable(),
    action: z.string(),
    objectType: z.string(),
    objectId: z.string(),
    /** What the object is called now (a service's, a contact's name); null when it is gone or has none. */
    objectName: z.string().nullable(),
    /** The object's screen in the portal, when it is still there and has one of its own. */
    objectLink: z.string().nullable(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'AuditLogEntry' });
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogSchema = z
  .object({
    items: z.array(auditLogEntrySchema),
    total: z.int(),
    page: z.int(),
    pageSize: z.int(),
    /** The rows after this page, in the same order and filters; null after the last. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'AuditLog' });
export type AuditLog = z.infer<typeof auditLogSchema>;
