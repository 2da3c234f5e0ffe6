import type { FieldDefinition } from './field-types.js';
import { FIELDS_BY_KEY, SERVICE_FIELDS } from './fields.js';

/**
 * The Service Field List (docs/adr/0030-service-field-list.md): one catalogue field across all
 * services. Keywords are a relation of their own, not a value in the service's fields, and the
 * name is a column every row shows anyway, so neither is a listable field.
 */
export const LISTABLE_FIELDS: readonly FieldDefinition[] = SERVICE_FIELDS.filter((field) => field.type !== 'keywords');

export const LISTABLE_FIELD_KEYS = LISTABLE_FIELDS.map((field) => field.key) as [string, ...string[]];

/**
 * Only fields optional throughout may be cleared across services: emptying a field that a step
 * requires would leave every service past that step invalid for a step it already passed. The
 * name is not a field and can never be empty (a CHECK of the services table).
 */
export const isClearableField = (key: string): boolean => {
  const field = FIELDS_BY_KEY.get(key);
  return field !== undefined && field.type !== 'keywords' && field.requiredFrom === null;
};
