import { z } from 'zod';
import { msg } from '../i18n/core.js';
import { versionSchema } from '../schemas/services.js';
import { text } from '../schemas/text.js';

/** Points and factors are small whole numbers: a score stays readable and the sum far from overflow. */
export const MAX_WEIGHTING_NUMBER = 100;

const wholeNumber = z.coerce
  .number({ error: msg('validation.number') })
  .int(msg('validation.number'))
  .min(0, msg('validation.number'))
  .max(MAX_WEIGHTING_NUMBER, msg('validation.number'));
const label = text().trim().min(1, msg('validation.required')).max(200, msg('validation.tooLong'));

export const weightingCriterionKeyParamSchema = z.object({
  key: text().max(100, msg('validation.tooLong')),
});

/**
 * A criterion's factor and its options' labels and points, as the portal manager edits them. The
 * options are the criterion's own, by key, in their order: services' answers name them, so none is
 * added or removed here. Saving recomputes every service's weighted score.
 */
export const updateWeightingCriterionSchema = z
  .object({
    version: versionSchema,
    factor: wholeNumber,
    options: z
      .array(
        z
          .object({
            key: text().max(100, msg('validation.tooLong')),
            label: z.object({ en: label, de: label }),
            points: wholeNumber,
          })
          .strict(),
      )
      .max(50, msg('validation.tooLong')),
  })
  .strict()
  .meta({ id: 'UpdateWeightingCriterion' });
export type UpdateWeightingCriterion = z.infer<typeof updateWeightingCriterionSchema>;
export type WeightingCriterionFormInput = z.input<typeof updateWeightingCriterionSchema>;

/** The criterion as the admin panel edits it: the read answer's shape with the row's version. */
export const weightingCriterionSettingsSchema = z
  .object({
    key: z.string(),
    label: z.object({ en: z.string(), de: z.string() }),
    factor: z.int(),
    options: z.array(
      z.object({ key: z.string(), label: z.object({ en: z.string(), de: z.string() }), points: z.int() }),
    ),
    version: z.int(),
  })
  .meta({ id: 'WeightingCriterionSettings' });
export type WeightingCriterionSettings = z.infer<typeof weightingCriterionSettingsSchema>;

export const weightingSettingsSchema = z
  .object({ items: z.array(weightingCriterionSettingsSchema) })
  .meta({ id: 'WeightingSettings' });
export type WeightingSettings = z.infer<typeof weightingSettingsSchema>;

/** What a save did: the criterion as it is now and how many services got a new score. */
export const weightingCriterionSavedSchema = z
  .object({ criterion: weightingCriterionSettingsSchema, rescored: z.int() })
  .meta({ id: 'WeightingCriterionSaved' });
export type WeightingCriterionSaved = z.infer<typeof weightingCriterionSavedSchema>;
