import {
  canEditRetirementPlan,
  canReadRetirementPlan,
  RETIREMENT_PLAN_KEYS,
  type retirementPlanRequestSchema,
  type RetirementPlan,
  type RetirementPlanValues,
} from '@nubes/domain';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { actorOf } from '../audit/actor.js';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { retirementPlans } from '../db/schema.js';
import { conflict, forbidden, HttpError, invalidInput } from '../http/http-error.js';
import { loadVisibleService } from '../policies/service-policy.js';
import { presentRetirementPlan } from '../presenters/retirement-plan.js';
import { loadRetirementPlan } from '../queries/retirement-plan.js';
import { PORTFOLIO_CHANGED } from '../writes/after-commit.js';
import { runWrite, type Writes } from '../writes/pipeline.js';

type RetirementPlanInput = z.output<typeof retirementPlanRequestSchema>;

/**
 * The successor must be another service the caller sees that is not retired: anything else is a
 * 400 on the successor, worded alike whether it is retired or hidden from the caller.
 */
const checkSuccessor = async (tx: Tx, principal: AuthUser, serviceId: string, successorId: string | null) => {
  if (successorId === null) return;
  if (successorId === serviceId)
    throw invalidInput('retirementPlan.errors.successorSelf', { successorId: 'retirementPlan.errors.successorSelf' });
  const unavailable = () =>
    invalidInput('retirementPlan.errors.successorUnavailable', {
      successorId: 'retirementPlan.errors.successorUnavailable',
    });
  const successor = await loadVisibleService(tx, successorId, principal).catch((error: unknown) => {
    if (error instanceof HttpError) throw unavailable();
    throw error;
  });
  if (successor.relation.state === 'service_retired') throw unavailable();
};

/**
 * Saves a service's retirement plan (docs/adr/0122-retirement-plan.md): the provider side and the
 * portfolio manager, while the service is discontinued; version-checked against the plan (0 before
 * its first save); audited on the service with the items that changed, old → new. The public page
 * shows the planned end and the successor, so the public portfolio's answer is stale after it.
 */
export const saveRetirementPlan = (
  writes: Writes,
  principal: AuthUser,
  serviceId: string,
  request: RetirementPlanInput,
): Promise<RetirementPlan> =>
  runWrite(writes, actorOf(principal), async (tx) => {
    const service = await loadVisibleService(tx, serviceId, principal, { forUpdate: true });
    if (!canReadRetirementPlan(service.relation)) throw forbidden();
    if (!canEditRetirementPlan(service.relation)) throw conflict('retirementPlan.errors.notOffboarding');
    const row = await loadRetirementPlan(tx, serviceId, { forUpdate: true });
    if ((row?.version ?? 0) !== request.version) throw conflict();
    await checkSuccessor(tx, principal, serviceId, request.successorId);

    const { version: _read, ...values } = request satisfies RetirementPlanValues & { version: number };
    const changed = RETIREMENT_PLAN_KEYS.filter((key) => (row?.[key] ?? null) !== values[key]);
    // A save that changes nothing writes nothing, not even a new version.
    if (row && changed.length === 0) return { value: presentRetirementPlan(row, service.relation), events: [] };
    const [saved] = row
      ? await tx
          .update(retirementPlans)
          .set({ ...values, version: row.version + 1, updatedAt: sql`now()` })
          .where(eq(retirementPlans.serviceId, serviceId))
          .returning({ version: retirementPlans.version })
      : // Two first saves at once: the second finds the row inserted and is told the plan changed.
        await tx
          .insert(retirementPlans)
          .values({ serviceId, ...values })
          .onConflictDoNothing()
          .returning({ version: retirementPlans.version });
    if (!saved) throw conflict();

    const plan = await loadRetirementPlan(tx, serviceId);
    return {
      value: presentRetirementPlan(plan, service.relation),
      events: [
        {
          action: 'service.retirementPlan.updated',
          objectType: 'service',
          objectId: serviceId,
          before: Object.fromEntries(changed.map((key) => [key, row?.[key] ?? null])),
          after: Object.fromEntries(changed.map((key) => [key, values[key]])),
        },
      ],
      effects: PORTFOLIO_CHANGED,
    };
  });
