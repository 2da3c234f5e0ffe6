import {
  CHANGE_REQUEST_SERVICE_STATES,
  CHANGE_REQUEST_STATES,
  type ChangeRequestState,
  type FieldValue,
} from '@nubes/domain';
import { inArray, isNotNull } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import type { Db } from '../db/client.js';
import { auditEvents, changeRequestFields, changeRequests, services } from '../db/schema.js';
import { prng } from './generate-services.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PROPOSED_FIELDS = ['shortDescription', 'maintenanceWindow', 'quota', 'remarks'] as const;
const CLOSED: readonly ChangeRequestState[] = ['applied', 'withdrawn'];

export interface GenerateChangeRequestsOptions {
  count: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
}

/**
 * Change requests for benchmarks and trying the Change Request List at scale: spread over the
 * services in the states that take them, at most one open per service (the table's rule), the rest
 * applied or withdrawn; each with one to three proposed fields and its created event. Needs
 * services first (the demo data or generateServices).
 */
export const generateChangeRequests = (db: Db, options: GenerateChangeRequestsOptions) =>
  db.transaction(async (tx) => {
    const { count, batchSize = 500 } = options;
    const random = prng(options.seed ?? 1);
    const now = (options.now ?? new Date()).getTime();
    const candidates = await tx
      .select({ id: services.id, authorId: services.objectOwnerId, fields: services.fields })
      .from(services)
      .where(and(inArray(services.state, [...CHANGE_REQUEST_SERVICE_STATES]), isNotNull(services.objectOwnerId)));
    if (candidates.length === 0) throw new Error('generateChangeRequests: no services that take change requests');
    const open = new Set(
      (
        await tx
          .select({ serviceId: changeRequests.serviceId })
          .from(changeRequests)
          .where(inArray(changeRequests.state, ['draft', 'handed_in', 'released']))
      ).map((r) => r.serviceId),
    );
    const byState = Object.fromEntries(CHANGE_REQUEST_STATES.map((s) => [s, 0])) as Record<ChangeRequestState, number>;
    for (let start = 0; start < count; start += batchSize) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batchSize); i += 1) {
        const service = candidates[i % candidates.length]!;
        const state = open.has(service.id) ? random.pick(CLOSED) : random.pick(CHANGE_REQUEST_STATES);
        if (state !== 'applied' && state !== 'withdrawn') open.add(service.id);
        byState[state] += 1;
        const at = new Date(now - random.int(0, 365) * DAY_MS - random.int(0, DAY_MS));
        rows.push({ serviceId: service.id, authorId: service.authorId, state, createdAt: at, updatedAt: at });
      }
      const inserted = await tx.insert(changeRequests).values(rows).returning();
      const fields = inserted.flatMap((row, n) => {
        const service = candidates[(start + n) % candidates.length]!;
        const decided = row.state === 'released' || row.state === 'applied';
        return PROPOSED_FIELDS.slice(0, 1 + ((start + n) % 3)).map((fieldKey, k) => ({
          changeRequestId: row.id,
          fieldKey,
          currentValue: (service.fields[fieldKey] ?? null) as FieldValue,
          newValue: `Proposed ${fieldKey} ${start + n}`,
          decision: decided ? (k === 0 ? ('accept' as const) : ('discard' as const)) : null,
        }));
      });
      await tx.insert(changeRequestFields).values(fields);
      await tx.insert(auditEvents).values(
        inserted.map((row) =>
          auditRowOf(
            { id: row.authorId, name: 'generator' },
            {
              objectType: 'changeRequest',
              objectId: row.id,
              action: 'changeRequest.created',
              after: {
                serviceId: row.serviceId,
                fromIntegrationManager: false,
                fields: Object.fromEntries(
                  fields.filter((f) => f.changeRequestId === row.id).map((f) => [f.fieldKey, f.newValue]),
                ),
              },
            },
            row.createdAt,
          ),
        ),
      );
    }
    return { generated: count, byState };
  });
