import type { RetirementPlanValues, RetirementSuccessor } from '@nubes/domain';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { retirementPlans, services } from '../db/schema.js';

/** A saved retirement plan: its values, version and the successor as it is now. */
export interface RetirementPlanRow extends RetirementPlanValues {
  version: number;
  successor: RetirementSuccessor | null;
}

const successors = alias(services, 'successor');

/**
 * The retirement plan of a service (docs/adr/0122-retirement-plan.md), null before its first save.
 * `forUpdate` locks the plan's row for a write that checks its version.
 */
export const loadRetirementPlan = async (
  db: Db | Tx,
  serviceId: string,
  options: { forUpdate?: boolean } = {},
): Promise<RetirementPlanRow | null> => {
  const query = db
    .select({
      reason: retirementPlans.reason,
      plannedEndOn: retirementPlans.plannedEndOn,
      usersToldOn: retirementPlans.usersToldOn,
      usersToldHow: retirementPlans.usersToldHow,
      dataExportUntil: retirementPlans.dataExportUntil,
      dataDeletionOn: retirementPlans.dataDeletionOn,
      successorId: retirementPlans.successorId,
      version: retirementPlans.version,
      successor: {
        id: successors.id,
        serviceId: successors.serviceId,
        name: successors.name,
        state: successors.state,
      },
    })
    .from(retirementPlans)
    .leftJoin(successors, eq(successors.id, retirementPlans.successorId))
    .where(eq(retirementPlans.serviceId, serviceId));
  const [row] = options.forUpdate ? await query.for('update', { of: retirementPlans }) : await query;
  return row ?? null;
};
