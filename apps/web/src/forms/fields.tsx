import {
  Checkbox,
  NativeSelect,
  NumberInput,
  Textarea,
  TextInput,
  type CheckboxProps,
  type NativeSelectProps,
  type NumberInputProps,
  type TextareaProps,
  type TextInputProps,
} from '@mantine/core';
import { URL_EXAMPLE } from '@nubes/domain';
import type { FieldError } from 'react-hook-form';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { messageKeyOr } from '../i18n/messageKey';
import { DateFieldInput, type DateFieldInputProps } from './DateFieldInput';

/** A field message's text: the schema's i18n key translated, or the server's text as it came. */
export const useErrorText = () => {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === SERVER_ERROR
      ? error.message
      : t(messageKeyOr(error.message, 'validation.invalid'), { host: URL_EXAMPLE });
  };
};

/** The error type of messages the server sent (already translated); the others are i18n keys. */
export const SERVER_ERROR = 'server';

interface BoundProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/**
 * A bound input's value, its setter, and the props every input takes alike: the ref the focus on
 * the first problem uses, the name, the blur that marks it touched and the message in the
 * caller's language (Mantine ties it to the input: aria-invalid, describedby).
 */
const useBoundInput = <T extends FieldValues>({ control, name }: BoundProps<T>) => {
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText();
  return {
    value: field.value as unknown,
    set: field.onChange,
    bound: { ref: field.ref, name: field.name, onBlur: field.onBlur, error: errorText(fieldState.error) },
  };
};

/** A multi-line text bound to the form. */
export const TextareaField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <Textarea
      {...props}
      {...bound}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
};

/** A one-line text bound to the form. */
export const TextInputField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <TextInput
      {...props}
      {...bound}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
};

/** A native select bound to the form; the empty option stands for null. */
export const NativeSelectField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <NativeSelect
      {...props}
      {...bound}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => set(event.currentTarget.value || null)}
    />
  );
};

/** A yes/no bound to the form, its label beside the box (clicking the label ticks it). */
export const CheckboxField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <Checkbox {...props} {...bound} checked={value === true} onChange={(event) => set(event.currentTarget.checked)} />
  );
};

/** A whole number bound to the form; an empty input stands for null. */
export const NumberInputField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <NumberInput
      allowDecimal={false}
      {...props}
      {...bound}
      value={(value as number | null | undefined) ?? ''}
      onChange={(next) => set(typeof next === 'number' ? next : next === '' ? null : Number(next))}
    />
  );
};

/**
 * A calendar date bound to the form (`YYYY-MM-DD`); an emptied input holds `''`, or null where
 * the schema takes null for no date (`nullable`).
 */
export const DateField = <T extends FieldValues>({
  control,
  name,
  nullable = false,
  ...props
}: BoundProps<T> & { nullable?: boolean } & Omit<DateFieldInputProps, 'value' | 'onChange' | 'onBlur' | 'error'>) => {
  const { value, set, bound } = useBoundInput({ control, name });
  return (
    <DateFieldInput
      {...props}
      value={(value as string | null | undefined) ?? ''}
      onChange={(next) => set(nullable ? next || null : (next ?? ''))}
      onBlur={bound.onBlur}
      error={bound.error}
    />
  );
};
