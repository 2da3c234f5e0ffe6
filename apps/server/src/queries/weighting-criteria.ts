import type { WeightingCriterion } from '@nubes/domain';
import { asc } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { weightingCriteria } from '../db/schema.js';

/**
 * The weighting criteria in their order, as the domain's weighing reads them. `share`: a service's
 * change takes them FOR SHARE, so it waits for the portal manager's change of a criterion and
 * weighs with the new values rather than write a score from the old ones after the rescoring.
 */
export const loadWeightingCriteria = async (
  db: Db | Tx,
  options: { share?: boolean } = {},
): Promise<WeightingCriterion[]> => {
  const select = db.select().from(weightingCriteria).orderBy(asc(weightingCriteria.position));
  return (await (options.share ? select.for('share') : select)).map((row) => ({
    key: row.key,
    label: row.label,
    factor: row.factor,
    options: row.options,
  }));
};

/** The criteria with their versions, as the admin panel edits them. */
export const listWeightingSettings = (db: Db | Tx) =>
  db.select().from(weightingCriteria).orderBy(asc(weightingCriteria.position));
