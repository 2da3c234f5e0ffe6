import { isDeepStrictEqual } from 'node:util';
import {
  weighAnswers,
  type UpdateWeightingCriterion,
  type WeightingAnswers,
  type WeightingCriterion,
} from '@nubes/domain';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/principal.js';
import type { Tx } from '../db/client.js';
import { services } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';
import { changesOf } from '../writes/changes.js';
import type { Writes } from '../writes/pipeline.js';
import { weightingCriterionRows, type WeightingCriterionRow } from '../writes/row-writes.js';

/** Services are rescored in batches of this many: one statement each, bounded parameters. */
const BATCH = 1000;

/**
 * Every service's score from the criteria as they are now (the domain's weighAnswers, as a
 * service's own change computes it); writes only the scores that moved. The service's version and
 * last edit stay: its content did not change, and open forms must not turn stale.
 */
const rescoreServices = async (tx: Tx, criteria: readonly WeightingCriterion[]): Promise<number> => {
  const rows = await tx
    .select({ id: services.id, weighting: services.weighting, score: services.weightedScore })
    .from(services);
  const moved = rows
    .map((row) => ({
      id: row.id,
      before: row.score,
      after: weighAnswers(criteria, row.weighting as WeightingAnswers).score,
    }))
    .filter((row) => row.after !== row.before);
  for (let start = 0; start < moved.length; start += BATCH) {
    const batch = moved.slice(start, start + BATCH).map((row) => ({ id: row.id, score: row.after }));
    await tx.execute(sql`
      update ${services} set weighted_score = moved.score
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as moved(id uuid, score int)
      where ${services.id} = moved.id`);
  }
  return moved.length;
};

/**
 * Changes a criterion's factor and its options' labels and points, and rescores every service in
 * the same transaction. The options must be the criterion's own keys in their order (400 on
 * `options` otherwise): answers name them. Nothing changed writes nothing.
 */
export const updateWeightingCriterion = async (
  writes: Writes,
  principal: AuthUser,
  key: string,
  input: UpdateWeightingCriterion,
): Promise<{ row: WeightingCriterionRow; rescored: number }> => {
  const { object, value } = await weightingCriterionRows.change(writes, {
    id: key,
    principal,
    version: input.version,
    change: async (tx, row) => {
      const keys = row.options.map((option) => option.key);
      if (
        !isDeepStrictEqual(
          input.options.map((option) => option.key),
          keys,
        )
      )
        throw invalidInput(undefined, { options: 'adminSections.weighting.optionsFixed' });
      const options = input.options.map((option) => ({ key: option.key, label: option.label, points: option.points }));
      const changes = changesOf(row, { factor: input.factor, options });
      if (!changes) return { events: [], value: 0 };
      const criteria = (await loadWeightingCriteria(tx)).map((criterion) =>
        criterion.key === row.key ? { ...criterion, factor: input.factor, options } : criterion,
      );
      const rescored = await rescoreServices(tx, criteria);
      return {
        set: { factor: input.factor, options },
        events: [
          { action: 'weightingCriterion.updated', before: changes.before, after: { ...changes.after, rescored } },
        ],
        value: rescored,
      };
    },
  });
  return { row: object, rescored: value };
};
