import { describe, expect, it } from 'vitest';
import { violationField } from './policy-errors.js';
import {
  localizedSchema,
  policyDefaults,
  policyPlaceLabel,
  propertiesFor,
  schemaLabel,
  withoutHiddenFields,
} from './policy-schema.js';

const GPU = {
  title: 'GPUs',
  'x-translations': { de: { title: 'GPUs (Grafikprozessoren)' } },
  type: 'object',
  properties: { enabled: { title: 'GPUs allowed', type: 'boolean' } },
  required: ['enabled'],
  if: { properties: { enabled: { const: true } }, required: ['enabled'] },
  then: {
    properties: { type: { title: 'GPU model', enum: ['A100', 'H100'] }, hours: { type: 'integer', 'x-unit': 'h' } },
    required: ['type', 'hours'],
  },
  unevaluatedProperties: false,
};

const SCHEMA = {
  type: 'object',
  properties: {
    wall: {
      title: 'Longest job',
      'x-unit': 'hours',
      'x-translations': { de: { title: 'Längster Job', unit: 'Stunden' } },
      type: 'number',
      default: 24,
    },
    qos: { enum: ['low', 'normal'], default: 'normal' },
    versioning: { type: 'boolean' },
    gpu: GPU,
    lifecycle: { type: 'object', properties: { days: { type: 'integer' } } },
    tags: { type: 'array', items: { type: 'string' }, default: ['a'] },
  },
  required: ['wall', 'gpu'],
};

describe('the policy a generated form starts from', () => {
  it('writes defaults, an untouched yes/no as false, required objects, and nothing for empty optional objects', () => {
    expect(policyDefaults(SCHEMA)).toEqual({
      wall: 24,
      qos: 'normal',
      versioning: false,
      gpu: { enabled: false },
      tags: ['a'],
    });
  });

  it('does not share the default values with the schema', () => {
    const defaults = policyDefaults(SCHEMA);
    (defaults.tags as string[]).push('b');
    expect(SCHEMA.properties.tags.default).toEqual(['a']);
  });

  it('follows if/then: the branch’s fields only while its condition holds', () => {
    expect(propertiesFor(GPU, { enabled: false }).map(([name]) => name)).toEqual(['enabled']);
    expect(propertiesFor(GPU, { enabled: true }).map(([name]) => name)).toEqual(['enabled', 'type', 'hours']);
    expect(policyDefaults({ ...GPU, properties: { enabled: { type: 'boolean', default: true } } })).toEqual({
      enabled: true,
    });
  });
});

describe('the words of a schema', () => {
  it('labels a field by its title and unit, in German where the schema has it, else by its key', () => {
    expect(schemaLabel(SCHEMA.properties.wall, 'wall', 'en')).toBe('Longest job (hours)');
    expect(schemaLabel(SCHEMA.properties.wall, 'wall', 'de')).toBe('Längster Job (Stunden)');
    expect(schemaLabel(SCHEMA.properties.qos, 'qos', 'de')).toBe('qos');
    expect(schemaLabel(GPU.then.properties.hours, 'hours', 'en')).toBe('hours (h)');
  });

  it('names a place in a policy by the titles on its way', () => {
    const policy = { gpu: { enabled: true, type: 'A100' }, tags: ['a'] };
    expect(policyPlaceLabel(SCHEMA, '/gpu/type', policy, 'en')).toBe('GPUs › GPU model');
    expect(policyPlaceLabel(SCHEMA, '/gpu/enabled', policy, 'de')).toBe('GPUs (Grafikprozessoren) › GPUs allowed');
    expect(policyPlaceLabel(SCHEMA, '/tags/0', policy, 'en')).toBe('tags › 1');
    expect(policyPlaceLabel(SCHEMA, '/unknown', policy, 'en')).toBe('unknown');
  });

  it('gives the generated form the labels of the language', () => {
    const german = localizedSchema(SCHEMA, 'de') as { properties: Record<string, { title?: string }> };
    expect(german.properties.wall?.title).toBe('Längster Job (Stunden)');
    expect(german.properties.gpu?.title).toBe('GPUs (Grafikprozessoren)');
    const then = (german.properties.gpu as { then: { properties: Record<string, { title?: string }> } }).then;
    expect(then.properties.hours?.title).toBe('hours (h)');
    expect(german.properties.qos?.title).toBeUndefined();
  });

  it('places a property that no branch allows at its own field', () => {
    expect(
      violationField({
        instancePath: '/gpu',
        keyword: 'unevaluatedProperties',
        params: { unevaluatedProperty: 'type' },
      }),
    ).toBe('policy/gpu/type');
  });
});

describe('fields a condition hides', () => {
  it('drops their values, keeps the rest, and keeps what the schema does not know for the server to name', () => {
    const policy = { wall: 1, gpu: { enabled: false, type: 'A100', hours: 3, other: 1 } };
    expect(withoutHiddenFields(SCHEMA, policy)).toEqual({ wall: 1, gpu: { enabled: false, other: 1 } });
    const allowed = { gpu: { enabled: true, type: 'A100' } };
    expect(withoutHiddenFields(SCHEMA, allowed)).toEqual(allowed);
  });
});

describe('a place whose branch is not known', () => {
  it('is named by the field of either branch, and without its unit where the value carries it', () => {
    expect(policyPlaceLabel(SCHEMA, '/gpu/type', undefined, 'en')).toBe('GPUs › GPU model');
    expect(policyPlaceLabel(SCHEMA, '/wall', undefined, 'en', { units: false })).toBe('Longest job');
  });
});
