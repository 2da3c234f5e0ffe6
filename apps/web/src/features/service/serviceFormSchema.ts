import { createServiceRequestSchema, fieldValueError, SERVICE_FIELDS, type FieldValue } from '@nubes/domain';
import { z } from 'zod';
import { normalizeValue, type DraftValues } from './formModel';

/**
 * The service forms' schema: the name's rule of the request schema the server validates with, and
 * for every catalogue field the catalogue's own format check (the server runs the same one), so the
 * web refuses exactly what the server would. Missing answers pass: being required is a workflow
 * step's question (ADR 12). Messages are i18n keys, at `name` and `fields.<key>`.
 */
export const serviceFormSchema: z.ZodType<DraftValues, DraftValues> = z.object({
  name: z.string().superRefine((name, ctx) => {
    const result = createServiceRequestSchema.shape.name.safeParse(name);
    if (!result.success)
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'validation.invalid' });
  }),
  providerInstitutionId: z.string().nullable(),
  fields: z.record(z.string(), z.custom<FieldValue>()).superRefine((fields, ctx) => {
    for (const field of SERVICE_FIELDS) {
      const error = fieldValueError(field, normalizeValue(fields[field.key]));
      if (error) ctx.addIssue({ code: 'custom', path: [field.key], message: error });
    }
  }),
});
