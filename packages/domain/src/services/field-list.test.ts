import { describe, expect, it } from 'vitest';
import { clearFieldRequestSchema, fieldListParamsSchema } from '../schemas/field-list.js';
import { isClearableField, LISTABLE_FIELD_KEYS } from './field-list.js';
import { SERVICE_FIELDS } from './fields.js';

describe('service field list', () => {
  it('lists every catalogue field but the keywords relation', () => {
    expect(LISTABLE_FIELD_KEYS).toHaveLength(SERVICE_FIELDS.length - 1);
    expect(LISTABLE_FIELD_KEYS).not.toContain('keywords');
    expect(fieldListParamsSchema.safeParse({ field: 'name' }).success).toBe(false);
  });

  it('clears only fields that no step requires', () => {
    expect(isClearableField('website')).toBe(true);
    expect(isClearableField('remarks')).toBe(true);
    expect(isClearableField('shortDescription')).toBe(false);
    expect(isClearableField('accessUrl')).toBe(false);
    expect(isClearableField('keywords')).toBe(false);
    expect(isClearableField('name')).toBe(false);
    for (const field of SERVICE_FIELDS) expect(isClearableField(field.key)).toBe(field.requiredFrom === null);
  });

  it('takes a clear of all listed services or of selected ones with their versions', () => {
    expect(clearFieldRequestSchema.safeParse({ scope: 'all', count: 3, listToken: 'x' }).success).toBe(true);
    expect(clearFieldRequestSchema.safeParse({ scope: 'all', count: 0, listToken: 'x' }).success).toBe(false);
    const id = '5d0e7c1a-8f4b-4c7e-9d2a-1b3c4d5e6f70';
    expect(clearFieldRequestSchema.safeParse({ scope: 'selected', services: [{ id, version: 2 }] }).success).toBe(true);
    expect(clearFieldRequestSchema.safeParse({ scope: 'selected', services: [] }).success).toBe(false);
    expect(clearFieldRequestSchema.safeParse({ scope: 'other' }).success).toBe(false);
  });
});
