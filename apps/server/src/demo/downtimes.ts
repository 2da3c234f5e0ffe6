import { auditRowOf } from '../audit/record-audit.js';
import { auditEvents, downtimes } from '../db/schema.js';
import { demoActor, demoServiceId, type DemoSeed } from './demo-seed.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Announced downtimes of the demo (docs/adr/0124-announced-downtimes.md), on bob's services at
 * Datacenter South, which no other walk changes: a degraded one running now (the service stays
 * online and shows as degraded; a current outage would need the job to have made it not available)
 * and an outage coming in five days. Both were announced by bob a week before the seeding day.
 */
export const DEMO_DOWNTIMES = [
  {
    service: 'Virtual Machine Cloud',
    severity: 'degraded',
    startHours: -2,
    endHours: 6,
    descriptionEn: 'Hypervisor updates: virtual machines are migrated one host at a time and may pause briefly.',
    descriptionDe:
      'Aktualisierung der Hypervisoren: virtuelle Maschinen werden Host für Host verschoben und können kurz pausieren.',
  },
  {
    service: 'S3 Object Storage',
    severity: 'outage',
    startHours: 5 * 24,
    endHours: 5 * 24 + 4,
    descriptionEn: 'Ceph cluster upgrade: the object storage is not reachable.',
    descriptionDe: 'Aktualisierung des Ceph-Clusters: der Objektspeicher ist nicht erreichbar.',
  },
] as const;

export const seedDemoDowntimes: DemoSeed = async (tx, serviceIds, userIds, now) => {
  const bob = demoActor(userIds, 'bob');
  const announcedAt = new Date(now.getTime() - 7 * 24 * HOUR_MS);
  for (const demo of DEMO_DOWNTIMES) {
    const serviceId = demoServiceId(serviceIds, demo.service, 'downtime');
    const startsAt = new Date(now.getTime() + demo.startHours * HOUR_MS);
    const endsAt = new Date(now.getTime() + demo.endHours * HOUR_MS);
    const [row] = await tx
      .insert(downtimes)
      .values({
        serviceId,
        severity: demo.severity,
        startsAt,
        endsAt,
        descriptionEn: demo.descriptionEn,
        descriptionDe: demo.descriptionDe,
        announcedBy: bob.id,
        announcedAt,
        // Running already: its start was taken (a degraded one moves nothing).
        ...(demo.startHours <= 0 ? { startedAt: startsAt } : {}),
      })
      .returning();
    await tx.insert(auditEvents).values(
      auditRowOf(
        bob,
        {
          action: 'downtime.announced',
          objectType: 'service',
          objectId: serviceId,
          before: null,
          after: {
            downtimeId: row!.id,
            severity: demo.severity,
            startsAt: startsAt.toISOString(),
            endsAt: endsAt.toISOString(),
            descriptionEn: demo.descriptionEn,
            descriptionDe: demo.descriptionDe,
          },
        },
        announcedAt,
      ),
    );
  }
};
