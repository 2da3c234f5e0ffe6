import { eq } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import { auditEvents, services } from '../db/schema.js';
import { demoActor, demoServiceId, type DemoSeed } from './demo-seed.js';

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

/** When a demo pilot went online: its months before the seeding day, at 09:00 UTC. */
export const demoPilotOnlineSince = (now: Date, monthsOnline: number): Date => {
  const onlineSince = new Date(now);
  onlineSince.setUTCMonth(onlineSince.getUTCMonth() - monthsOnline);
  onlineSince.setUTCHours(9, 0, 0, 0);
  return onlineSince;
};

/** The demo pilots' days online by service name, which the services' histories go online on. */
export const demoPilotOnlineDates = (now: Date): ReadonlyMap<string, Date> =>
  new Map(DEMO_PILOTS.map(({ service, monthsOnline }) => [service, demoPilotOnlineSince(now, monthsOnline)]));

/** Marks the demo pilots, already seeded online on their day (seedService), as the portfolio manager did then. */
export const seedDemoPilots: DemoSeed = async (tx, serviceIds, userIds, now) => {
  const manager = demoActor(userIds, 'paula');
  for (const { service, monthsOnline } of DEMO_PILOTS) {
    const serviceId = demoServiceId(serviceIds, service, 'pilot');
    const onlineSince = demoPilotOnlineSince(now, monthsOnline);
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
