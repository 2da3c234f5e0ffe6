import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Every form of the portal: react-hook-form with a domain zod schema (ADR 19). Messages are the
 * schema's i18n keys. They appear when something is tried (submit, a page change) and from then
 * on follow what is typed: a message appearing on blur moved buttons under the pointer, and
 * clicks got lost (ADR 12). The focus moves to the first problem by the form's own order
 * (`focusFirstError`), not by registration order.
 */
export const useZodForm = <Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
) =>
  useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
    ...options,
  });
