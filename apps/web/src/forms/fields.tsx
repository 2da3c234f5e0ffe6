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

/** The controller of a bound input and its message in the caller's language. */
const useBoundInput = <T extends FieldValues>({ control, name }: BoundProps<T>) => {
  const { field, fieldState } = useController({ control, name });
  const errorText = useErrorText();
  return { field, error: errorText(fieldState.error) };
};

/** A multi-line text bound to the form; Mantine ties the message to it (aria-invalid, describedby). */
export const TextareaField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<TextareaProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const {
    field: { ref: inputRef, name: inputName, value, onChange, onBlur },
    error,
  } = useBoundInput({ control, name });
  return (
    <Textarea
      {...props}
      ref={inputRef}
      name={inputName}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
};

/** A one-line text bound to the form. */
export const TextInputField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const {
    field: { ref: inputRef, name: inputName, value, onChange, onBlur },
    error,
  } = useBoundInput({ control, name });
  return (
    <TextInput
      {...props}
      ref={inputRef}
      name={inputName}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
    />
  );
};

/** A native select bound to the form; the empty option stands for null. */
export const NativeSelectField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<NativeSelectProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const {
    field: { ref: inputRef, name: inputName, value, onChange, onBlur },
    error,
  } = useBoundInput({ control, name });
  return (
    <NativeSelect
      {...props}
      ref={inputRef}
      name={inputName}
      value={(value as string | null | undefined) ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      onBlur={onBlur}
      error={error}
    />
  );
};

/** A yes/no bound to the form, its label beside the box (clicking the label ticks it). */
export const CheckboxField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<CheckboxProps, 'name' | 'checked' | 'onChange' | 'error'>) => {
  const {
    field: { ref: inputRef, name: inputName, value, onChange, onBlur },
    error,
  } = useBoundInput({ control, name });
  return (
    <Checkbox
      {...props}
      ref={inputRef}
      name={inputName}
      checked={value === true}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
      error={error}
    />
  );
};

/** A whole number bound to the form; an empty input stands for null. */
export const NumberInputField = <T extends FieldValues>({
  control,
  name,
  ...props
}: BoundProps<T> & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'>) => {
  const {
    field: { ref: inputRef, name: inputName, value, onChange, onBlur },
    error,
  } = useBoundInput({ control, name });
  return (
    <NumberInput
      allowDecimal={false}
      {...props}
      ref={inputRef}
      name={inputName}
      value={(value as number | null | undefined) ?? ''}
      onChange={(next) => onChange(typeof next === 'number' ? next : next === '' ? null : Number(next))}
      onBlur={onBlur}
      error={error}
    />
  );
};
