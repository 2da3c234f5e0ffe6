import { FIELDS_BY_KEY, SERVICE_FIELDS } from './fields.js';
import { VALIDATION_STEPS, type FieldDefinition, type FieldStep, type FieldValue } from './field-types.js';
import { isUuid } from '../ids.js';
import type { FieldMessages, MessageKey } from '../i18n/types.js';

/** The example host in the URL message ("Please enter a valid url, e.g.: {host}"). */
export const URL_EXAMPLE = 'https://www.example.org';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// RFC 1123 host name: labels of letters, digits and inner hyphens; no scheme, port or path.
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as `YYYY-MM-DD` that exists (no 31 April). */
export const isIsoDate = (value: unknown): value is string => {
  if (typeof value !== 'string' || !ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

export const isValidUrl = (value: string): boolean => {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

const isValidEmail = (value: string): boolean => value.length <= 320 && EMAIL.test(value);

export const isValidHostname = (value: string): boolean => HOSTNAME.test(value);

export const isEmptyValue = (value: FieldValue | undefined): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

/**
 * The format check of one value; an empty value always passes here (whether it is required is
 * the step's question). Returns an i18n key, or null when the value is fine.
 */
export const fieldValueError = (field: FieldDefinition, value: FieldValue | undefined): MessageKey | null => {
  if (isEmptyValue(value)) return null;
  switch (field.type) {
    case 'text':
    case 'longText': {
      if (typeof value !== 'string') return 'validation.invalidType';
      const max = field.maxLength ?? (field.type === 'text' ? 300 : 10_000);
      return value.length > max ? 'validation.tooLong' : null;
    }
    case 'url':
      if (typeof value !== 'string') return 'validation.invalidType';
      if (value.length > 2000) return 'validation.tooLong';
      return isValidUrl(value.trim()) ? null : 'validation.url';
    case 'email':
      if (typeof value !== 'string') return 'validation.invalidType';
      return isValidEmail(value.trim()) ? null : 'validation.email';
    case 'hostname':
      if (typeof value !== 'string') return 'validation.invalidType';
      return isValidHostname(value.trim()) ? null : 'validation.hostname';
    case 'select':
      if (typeof value !== 'string') return 'validation.invalidType';
      return field.options?.some((option) => option.value === value) ? null : 'validation.option';
    case 'multiSelect':
      if (!Array.isArray(value)) return 'validation.invalidType';
      return value.every((v) => field.options?.some((option) => option.value === v)) &&
        new Set(value).size === value.length
        ? null
        : 'validation.option';
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'validation.number';
      if (field.min !== undefined && value < field.min) return 'validation.number';
      if (field.max !== undefined && value > field.max) return 'validation.number';
      return null;
    case 'date':
      return isIsoDate(value) ? null : 'validation.date';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'validation.invalidType';
    case 'contact':
    case 'institution':
      return isUuid(value) ? null : 'validation.invalid';
    case 'keywords':
      return Array.isArray(value) && value.every((v) => isUuid(v)) ? null : 'validation.invalid';
  }
};

/** Every field key with a format problem in `values`; unknown keys are problems too. */
export const formatErrors = (values: Readonly<Record<string, unknown>>): FieldMessages => {
  const errors: FieldMessages = {};
  for (const [key, value] of Object.entries(values)) {
    const field = FIELDS_BY_KEY.get(key);
    if (!field) {
      errors[key] = 'validation.unknownField';
      continue;
    }
    const error = fieldValueError(field, value as FieldValue);
    if (error) errors[key] = error;
  }
  return errors;
};

/** Whether a field is required at `step`: required from that step or an earlier one. */
export const isRequiredAt = (field: FieldDefinition, step: FieldStep): boolean =>
  field.requiredFrom !== null && VALIDATION_STEPS.indexOf(field.requiredFrom) <= VALIDATION_STEPS.indexOf(step);

/**
 * What stands between the values and `step`: missing required fields and format errors.
 * `values` includes `keywords` as a list of keyword ids. An empty result means validation passed.
 */
export const validateForStep = (
  values: Readonly<Record<string, unknown>>,
  step: FieldStep,
  fields: readonly FieldDefinition[] = SERVICE_FIELDS,
): FieldMessages => {
  const errors: FieldMessages = {};
  for (const field of fields) {
    const value = values[field.key] as FieldValue | undefined;
    const error = fieldValueError(field, value);
    if (error) errors[field.key] = error;
    else if (isEmptyValue(value) && isRequiredAt(field, step)) errors[field.key] = 'validation.required';
  }
  return errors;
};
