import { eq } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, services } from '../db/schema.js';

/**
 * Pilot services of the demo (docs/adr/0121-pilot-services.md), by months online on the seeding
 * day: one still running, one past its 6-month notice, one past its 9-month notice (the first run
 * of the pilot notices job mails those two). The portfolio manager marked them when they went online.
 */
export const DEMO_PILOTS: readonly { service: string; monthsOnline: number }[] = [
  { service: 'PID Service', monthsOnline: 5 },
  { service: 'Research Software Consulting', monthsOnline: 7 },
  { service: 'Remote Visualisation', monthsOnline: 10 },
];

export const seedDemoPilots = async (
  tx: Tx,
  serviceIds: ReadonlyMap<string, string>,
  userIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> => {
  const manager = { id: userIds.get('paula') ?? null, name: 'paula' };
  for (const { service, monthsOnline } of DEMO_PILOTS) {
    const serviceId = serviceIds.get(service);
    if (!serviceId) throw new Error(`demo data: pilot of unknown service ${service}`);
    const onlineSince = new Date(now);
    onlineSince.setUTCMonth(onlineSince.getUTCMonth() - monthsOnline);
    onlineSince.setUTCHours(9, 0, 0, 0);
    await tx.update(services).set({ serviceKind: 'pilot', onlineSince }).where(eq(services.id, serviceId));
    await tx.insert(auditEvents).values(
      auditRowOf(
        manager,
        {
          action: 'pilot.kindSet',
          objectType: 'service',
          objectId: serviceId,
          before: { serviceKind: 'regular' },
          after: { serviceKind: 'pilot' },
        },
        onlineSince,
      ),
    );
  }
};
