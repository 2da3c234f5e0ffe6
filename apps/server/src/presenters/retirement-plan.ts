import {
  canEditRetirementPlan,
  EMPTY_RETIREMENT_PLAN,
  retirementPlanProblems,
  type RetirementPlan,
  type ServiceRelation,
} from '@nubes/domain';
import type { RetirementPlanRow } from '../queries/retirement-plan.js';

/**
 * A retirement plan as its section shows it: empty items as null (version 0 before the first save),
 * whether the caller may edit it now, and what retiring still needs, by the domain's rule.
 */
export const presentRetirementPlan = (row: RetirementPlanRow | null, relation: ServiceRelation): RetirementPlan => {
  const { version, successor, ...values } = row ?? { ...EMPTY_RETIREMENT_PLAN, version: 0, successor: null };
  return {
    ...values,
    successor,
    version,
    editable: canEditRetirementPlan(relation),
    problems: retirementPlanProblems(row),
  };
};
