import type { WeightingCriterionSettings } from '@nubes/domain';
import type { WeightingCriterionRow } from '../writes/row-writes.js';

export const presentWeightingCriterion = (row: WeightingCriterionRow): WeightingCriterionSettings => ({
  key: row.key,
  label: row.label,
  factor: row.factor,
  options: row.options.map((option) => ({ key: option.key, label: option.label, points: option.points })),
  version: row.version,
});
