import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { weightingCriteria } from '../db/schema.js';
import { notFound } from '../http/http-error.js';
import { changeObject, type ObjectKind, type ObjectWrite, type Writes } from './pipeline.js';

export type WeightingCriterionRow = typeof weightingCriteria.$inferSelect;

/** What the portal manager changes of a criterion: its factor and its options' labels and points. */
export type WeightingCriterionSet = Pick<PgUpdateSetSource<typeof weightingCriteria>, 'factor' | 'options'>;

const lockCriterion = async (tx: Tx, key: string): Promise<WeightingCriterionRow> => {
  const [row] = await tx.select().from(weightingCriteria).where(eq(weightingCriteria.key, key)).for('update');
  if (!row) throw notFound();
  return row;
};

/** A weighting criterion as an object of the write pipeline (docs/adr/0036-admin-panel-sections.md). */
const WEIGHTING_CRITERION_KIND: ObjectKind<
  WeightingCriterionRow,
  WeightingCriterionRow,
  WeightingCriterionSet,
  'weightingCriterion'
> = {
  objectType: 'weightingCriterion',
  lock: (tx, key) => lockCriterion(tx, key),
  idOf: (row) => row.key,
  version: (row) => row.version,
  bump: async (tx, row, set) => {
    const [updated] = await tx
      .update(weightingCriteria)
      .set({ ...set, version: row.version + 1, updatedAt: sql`now()` })
      .where(eq(weightingCriteria.key, row.key))
      .returning();
    return updated!;
  },
  // Every service's score moved with it: the lists read the services again.
  effects: () => [{ kind: 'weighting.changed' }],
};

/** changeObject for a weighting criterion. */
export const changeWeightingCriterion = <T>(
  writes: Writes,
  request: ObjectWrite<WeightingCriterionRow, WeightingCriterionSet, 'weightingCriterion', T>,
) => changeObject(writes, WEIGHTING_CRITERION_KIND, request);
