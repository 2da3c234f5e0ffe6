import type { WeightingCriterion } from '@nubes/domain';
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { weightingCriteria } from '../db/schema.js';

/** The weighting criteria in their order, as the domain's weighing reads them. */
export const loadWeightingCriteria = async (db: Db | Tx): Promise<WeightingCriterion[]> =>
  (await db.select().from(weightingCriteria).orderBy(asc(weightingCriteria.position))).map((row) => ({
    key: row.key,
    label: row.label,
    factor: row.factor,
    options: row.options,
  }));
