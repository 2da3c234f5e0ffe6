import { RESOURCE_PACKAGE_STATES, type ResourcePackageState } from '@nubes/domain';
import { inArray, isNotNull, ne } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import type { Db } from '../db/client.js';
import { auditEvents, resourcePackages, resourceTypes, services } from '../db/schema.js';
import { prng } from './generate-services.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The generator's own types, whatever types the demo data brings: their schemas are simple enough
 * for every generated policy to fit them.
 */
const GENERATED_TYPES = [
  { key: 'generated-compute', en: 'Generated compute', de: 'Generierte Rechenleistung', unit: 'vCPUs' },
  { key: 'generated-storage', en: 'Generated storage', de: 'Generierter Speicher', unit: 'TB' },
] as const;

const TYPE_SCHEMA = {
  type: 'object',
  required: ['limit'],
  properties: { limit: { type: 'integer', minimum: 1 }, tier: { enum: ['standard', 'fast'] } },
};

const NAMES = ['Small', 'Medium', 'Large', 'GPU', 'Archive', 'Scratch', 'Project', 'Course', 'Fast', 'Shared'];

export interface GenerateResourcePackagesOptions {
  count: number;
  seed?: number;
  now?: Date;
  batchSize?: number;
}

/**
 * Resource packages for benchmarks and trying the Review List at scale: spread over the services
 * that are not retired, in every review state, each with its created event; submitted by the
 * service's object owner. Needs services first (the demo data or generateServices).
 */
export const generateResourcePackages = (db: Db, options: GenerateResourcePackagesOptions) =>
  db.transaction(async (tx) => {
    const { count, batchSize = 500 } = options;
    const random = prng(options.seed ?? 1);
    const now = (options.now ?? new Date()).getTime();
    await tx
      .insert(resourceTypes)
      .values(
        GENERATED_TYPES.map((t) => ({
          key: t.key,
          name: { en: t.en, de: t.de },
          description: { en: `${t.en}, made by the generator`, de: `${t.de}, vom Generator angelegt` },
          quotaUnit: { en: t.unit, de: t.unit },
          schema: TYPE_SCHEMA,
        })),
      )
      .onConflictDoNothing();
    const types = await tx
      .select({ id: resourceTypes.id, key: resourceTypes.key })
      .from(resourceTypes)
      .where(
        inArray(
          resourceTypes.key,
          GENERATED_TYPES.map((t) => t.key),
        ),
      );
    const candidates = await tx
      .select({ id: services.id, ownerId: services.objectOwnerId })
      .from(services)
      .where(and(ne(services.state, 'service_retired'), isNotNull(services.objectOwnerId)));
    if (candidates.length === 0) throw new Error('generateResourcePackages: no services to add packages to');
    const byState = Object.fromEntries(RESOURCE_PACKAGE_STATES.map((s) => [s, 0])) as Record<
      ResourcePackageState,
      number
    >;
    for (let start = 0; start < count; start += batchSize) {
      const rows = [];
      for (let i = start; i < Math.min(count, start + batchSize); i += 1) {
        const service = candidates[i % candidates.length]!;
        const type = random.pick(types);
        const state = random.pick(RESOURCE_PACKAGE_STATES);
        byState[state] += 1;
        const createdAt = new Date(now - random.int(30, 365) * DAY_MS - random.int(0, DAY_MS));
        const submittedAt = state === 'draft' ? null : new Date(createdAt.getTime() + random.int(1, 20) * DAY_MS);
        const decided = state === 'approved' || state === 'rejected';
        const decidedAt = decided ? new Date(submittedAt!.getTime() + random.int(1, 5) * DAY_MS) : null;
        rows.push({
          serviceId: service.id,
          typeId: type.id,
          name: `${random.pick(NAMES)} ${type.key.replace('generated-', '')} ${i + 1}`,
          quota: random.int(1, 500),
          policyNames: [`policy-${i + 1}`],
          policy: { limit: random.int(1, 1000), tier: random.pick(['standard', 'fast'] as const) },
          state,
          createdById: service.ownerId,
          updatedById: service.ownerId,
          submittedAt,
          submittedById: submittedAt ? service.ownerId : null,
          decidedAt,
          reviewComment: state === 'rejected' ? 'The quota is more than the service can grant.' : null,
          createdAt,
          updatedAt: decidedAt ?? submittedAt ?? createdAt,
        });
      }
      const inserted = await tx.insert(resourcePackages).values(rows).returning();
      const keyOf = new Map(types.map((t) => [t.id, t.key]));
      await tx.insert(auditEvents).values(
        inserted.map((row) =>
          auditRowOf(
            { id: row.createdById, name: 'generator' },
            {
              objectType: 'resourcePackage',
              objectId: row.id,
              action: 'resourcePackage.created',
              after: {
                serviceId: row.serviceId,
                state: 'draft',
                name: row.name,
                type: keyOf.get(row.typeId)!,
                quota: row.quota,
                policyNames: row.policyNames,
                policy: row.policy,
              },
            },
            row.createdAt,
          ),
        ),
      );
    }
    return { generated: count, byState };
  });
