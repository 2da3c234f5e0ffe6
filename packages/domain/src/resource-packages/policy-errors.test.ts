import { describe, expect, it } from 'vitest';
import { violationField, violationMessage, violationsByPath } from './policy-errors.js';

describe('policy violations', () => {
  it('puts a missing property at its own place', () => {
    const violation = { instancePath: '/limits', keyword: 'required', params: { missingProperty: 'ram_gb' } };
    expect(violationField(violation)).toBe('policy/limits/ram_gb');
    expect(violationMessage(violation)).toEqual({ key: 'resourcePolicy.violations.required', params: {} });
  });

  it('names the limit of a range', () => {
    const violation = { instancePath: '/flavors/0/vcpus', keyword: 'maximum', params: { comparison: '<=', limit: 64 } };
    expect(violationField(violation)).toBe('policy/flavors/0/vcpus');
    expect(violationMessage(violation)).toEqual({ key: 'resourcePolicy.violations.maximum', params: { limit: 64 } });
  });

  it('lists the allowed values of an enum', () => {
    const violation = {
      instancePath: '/access',
      keyword: 'enum',
      params: { allowedValues: ['private', 'public-read'] },
    };
    expect(violationMessage(violation).params).toEqual({ values: 'private, public-read' });
  });

  it('keeps the first message per place and escapes pointer segments', () => {
    const byPath = violationsByPath([
      { instancePath: '/a~1b', keyword: 'type', params: { type: 'integer' } },
      { instancePath: '/a~1b', keyword: 'minimum', params: { limit: 1 } },
    ]);
    expect([...byPath]).toEqual([['/a~1b', { key: 'resourcePolicy.violations.typeInteger', params: {} }]]);
  });

  it('falls back to a general message for keywords it does not know', () => {
    expect(violationMessage({ instancePath: '', keyword: 'oneOf', params: {} }).key).toBe(
      'resourcePolicy.violations.other',
    );
  });
});
