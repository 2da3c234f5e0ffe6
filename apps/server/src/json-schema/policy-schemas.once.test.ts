import { describe, expect, it } from 'vitest';
import { checkTypeSchema, parseJsonText, PolicySchemas } from './policy-schemas.js';

const storage = {
  id: 'type-1',
  version: 1,
  schema: {
    type: 'object',
    required: ['buckets'],
    additionalProperties: false,
    properties: {
      buckets: { type: 'integer', minimum: 1, maximum: 100 },
      access: { enum: ['private', 'public-read'] },
      lifecycle: {
        type: 'object',
        properties: { expireDays: { type: 'integer', minimum: 1 } },
        required: ['expireDays'],
      },
    },
  },
};

describe('policy schemas', () => {
  it('parses JSON text or says it is not JSON', () => {
    expect(parseJsonText('{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseJsonText('{"a": 1,}')).toEqual({ ok: false });
  });

  it('accepts a policy that fits and reports each violation at its nested place', () => {
    const schemas = new PolicySchemas();
    expect(schemas.violations(storage, { buckets: 3, access: 'private' })).toEqual([]);
    const violations = schemas.violations(storage, { buckets: 0, access: 'open', lifecycle: {}, extra: true });
    expect(violations.map((v) => [v.instancePath, v.keyword])).toEqual(
      expect.arrayContaining([
        ['/buckets', 'minimum'],
        ['/access', 'enum'],
        ['/lifecycle', 'required'],
        ['', 'additionalProperties'],
      ]),
    );
  });

  it('compiles a type again when its version moves', () => {
    const schemas = new PolicySchemas();
    expect(schemas.violations(storage, { buckets: 200 })).toHaveLength(1);
    const wider = {
      ...storage,
      version: 2,
      schema: { ...storage.schema, properties: { ...storage.schema.properties, buckets: { type: 'integer' } } },
    };
    expect(schemas.violations(wider, { buckets: 200 })).toEqual([]);
  });

  it('refuses a type schema that is not a JSON Schema of an object', () => {
    expect(checkTypeSchema(storage.schema)).toBeNull();
    expect(checkTypeSchema({ type: 'array' })).toBe('resourceTypes.schemaNotObject');
    expect(checkTypeSchema([])).toBe('resourceTypes.schemaNotObject');
    expect(checkTypeSchema({ type: 'object', properties: { a: { type: 'nonsense' } } })).toBe(
      'resourceTypes.schemaInvalid',
    );
    expect(checkTypeSchema({ type: 'object', minProperites: 1 })).toBe('resourceTypes.schemaInvalid');
  });
});
