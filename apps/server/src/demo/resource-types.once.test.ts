import { policyDefaults, propertiesFor, schemaWords } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { checkTypeSchema, PolicySchemas } from '../json-schema/policy-schemas.js';
import { DEMO_RESOURCE_PACKAGES } from './resource-packages.js';
import { DEMO_RESOURCE_TYPES } from './resource-types.js';

const sourceOf = (type: (typeof DEMO_RESOURCE_TYPES)[number]) => ({ id: type.key, version: 1, schema: type.schema });

/** Every field schema of a type, with the value it is checked against, through the branches that apply. */
const fieldsOf = (schema: unknown, value: unknown, path = ''): [string, Record<string, unknown>][] =>
  propertiesFor(schema, value).flatMap(([name, sub]) => {
    const inner = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
    return [[`${path}/${name}`, sub] as [string, Record<string, unknown>], ...fieldsOf(sub, inner, `${path}/${name}`)];
  });

describe('the demo resource types', () => {
  it.each(DEMO_RESOURCE_TYPES.map((type) => [type.key, type] as const))(
    '%s: the generated form’s untouched policy fits the schema, checked by the server’s validator',
    (_key, type) => {
      expect(checkTypeSchema(type.schema)).toBeNull();
      expect(new PolicySchemas().violations(sourceOf(type), policyDefaults(type.schema))).toEqual([]);
    },
  );

  it('starts the HPC policy with GPUs not allowed, written as false, and asks for model and hours once they are', () => {
    const hpc = DEMO_RESOURCE_TYPES.find((type) => type.key === 'hpc-core-hours')!;
    const defaults = policyDefaults(hpc.schema);
    expect(defaults.gpu).toEqual({ enabled: false });
    const schemas = new PolicySchemas();
    const allowed = { ...defaults, gpu: { enabled: true } };
    expect(schemas.violations(sourceOf(hpc), allowed).map((v) => v.params.missingProperty)).toEqual(['type', 'hours']);
    const stale = { ...defaults, gpu: { enabled: false, type: 'A100' } };
    expect(schemas.violations(sourceOf(hpc), stale).map((v) => v.keyword)).toEqual(['unevaluatedProperties']);
  });

  it('holds demo packages that fit their types', () => {
    const schemas = new PolicySchemas();
    for (const pkg of DEMO_RESOURCE_PACKAGES) {
      const type = DEMO_RESOURCE_TYPES.find((candidate) => candidate.key === pkg.type)!;
      expect(schemas.violations(sourceOf(type), pkg.policy), pkg.name).toEqual([]);
    }
  });

  it('names every field in English and German', () => {
    for (const type of DEMO_RESOURCE_TYPES) {
      const everything = { ...policyDefaults(type.schema), gpu: { enabled: true } };
      for (const [path, field] of fieldsOf(type.schema, everything)) {
        const english = schemaWords(field, 'en').title;
        const german = schemaWords(field, 'de').title;
        expect(english, `${type.key}${path}`).toBeTruthy();
        expect(german, `${type.key}${path}`).toBeTruthy();
        if (schemaWords(field, 'en').unit) expect(schemaWords(field, 'de').unit, `${type.key}${path}`).toBeTruthy();
      }
    }
  });

  it('refuses translations in a shape the forms cannot read', () => {
    expect(checkTypeSchema({ type: 'object', 'x-unit': 3 })).toBe('resourceTypes.schemaInvalid');
    expect(checkTypeSchema({ type: 'object', 'x-translations': { de: { titel: 'Name' } } })).toBe(
      'resourceTypes.schemaInvalid',
    );
    expect(checkTypeSchema({ type: 'object', 'x-unit': 'GB', 'x-translations': { de: { title: 'Name' } } })).toBeNull();
  });
});
