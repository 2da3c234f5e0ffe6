import type { FieldDefinition, FieldValue } from './field-types.js';

/**
 * A value of the field's type that its format check accepts, for what needs a filled-in service
 * without a person typing it: the server's test fixtures and the browser tests' set-up through the
 * API. Keywords are ids of their own table and come separately (null here), as does an institution
 * when none is given.
 */
export const sampleFieldValue = (
  field: FieldDefinition,
  refs: { contactId: string; institutionId?: string },
): FieldValue => {
  switch (field.type) {
    case 'text':
      return `${field.key} of the service`;
    case 'longText':
      return `A longer text for ${field.key}, with enough detail for a reader.`;
    case 'url':
      return `https://www.example.org/${field.key}`;
    case 'email':
      return `${field.key.toLowerCase()}@example.org`;
    case 'hostname':
      return 'cloud.example.org';
    case 'select':
      return field.options![0]!.value;
    case 'multiSelect':
      return [field.options![0]!.value];
    case 'number':
      return field.min ?? 1;
    case 'date':
      return '2027-03-01';
    case 'boolean':
      return true;
    case 'contact':
      return refs.contactId;
    case 'institution':
      return refs.institutionId ?? null;
    case 'keywords':
      return null;
  }
};
