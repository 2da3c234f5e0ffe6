import { todayIso, type RetirementPlanValues } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { auditRowOf } from '../audit/record-audit.js';
import type { Tx } from '../db/client.js';
import { auditEvents, retirementPlans, services, users } from '../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A demo plan: days as offsets from the seed, the successor by name; what is left out stays empty. */
interface DemoPlan {
  service: string;
  reason: string;
  plannedEndIn?: number;
  usersToldIn?: number;
  usersToldHow?: string;
  dataExportUntilIn?: number;
  dataDeletionIn?: number;
  successor?: string;
  savedDaysAgo: number;
}

/**
 * The demo's offboarding services (docs/adr/0122-retirement-plan.md): Collaborative Notes with a
 * complete plan that names its successor, so a portfolio manager can retire it and its public page
 * shows the end and the successor; Tape Archive Classic (bob's, Datacenter South) with a plan just
 * begun, which its provider side still has to complete.
 */
const DEMO_PLANS: readonly DemoPlan[] = [
  {
    service: 'Collaborative Notes',
    reason: 'Real-time Markdown notes now come with Nextcloud Sync & Share; two tools for one job cost twice the care.',
    plannedEndIn: 90,
    usersToldIn: -10,
    usersToldHow: 'A mail to every user, a banner in the editor and a news item on the portal.',
    dataExportUntilIn: 120,
    dataDeletionIn: 180,
    successor: 'Nextcloud Sync & Share',
    savedDaysAgo: 12,
  },
  {
    service: 'Tape Archive Classic',
    reason: 'The tape library reaches the end of its support; the Long-term Data Archive keeps the data safe.',
    successor: 'Long-term Data Archive',
    savedDaysAgo: 3,
  },
];

/** Writes the demo plans, each saved by the service's object owner with its audit event. */
export const seedDemoRetirementPlans = async (
  tx: Tx,
  serviceIds: ReadonlyMap<string, string>,
  now: Date,
): Promise<void> => {
  const day = (offset: number | undefined) =>
    offset === undefined ? null : todayIso(new Date(now.getTime() + offset * DAY_MS));
  for (const demo of DEMO_PLANS) {
    const serviceId = serviceIds.get(demo.service);
    const successorId = demo.successor ? serviceIds.get(demo.successor) : null;
    if (!serviceId || successorId === undefined)
      throw new Error(`demo data: retirement plan of unknown service ${demo.service} or ${demo.successor}`);
    const values: RetirementPlanValues = {
      reason: demo.reason,
      plannedEndOn: day(demo.plannedEndIn),
      usersToldOn: day(demo.usersToldIn),
      usersToldHow: demo.usersToldHow ?? null,
      dataExportUntil: day(demo.dataExportUntilIn),
      dataDeletionOn: day(demo.dataDeletionIn),
      successorId,
    };
    const savedAt = new Date(now.getTime() - demo.savedDaysAgo * DAY_MS);
    await tx.insert(retirementPlans).values({ serviceId, ...values, updatedAt: savedAt });
    const [owner] = await tx
      .select({ id: users.id, name: users.username })
      .from(services)
      .innerJoin(users, eq(users.id, services.objectOwnerId))
      .where(eq(services.id, serviceId));
    const filled = Object.entries(values).filter(([, value]) => value !== null);
    await tx.insert(auditEvents).values(
      auditRowOf(
        owner ?? { id: null, name: 'demo' },
        {
          action: 'service.retirementPlan.updated',
          objectType: 'service',
          objectId: serviceId,
          before: Object.fromEntries(filled.map(([key]) => [key, null])),
          after: Object.fromEntries(filled),
        },
        savedAt,
      ),
    );
  }
};
