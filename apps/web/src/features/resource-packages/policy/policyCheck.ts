import type { SchemaViolation } from '@nubes/domain';

type Schema = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const typeOf = (value: unknown): string => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
};

const hasType = (value: unknown, type: string): boolean => {
  const actual = typeOf(value);
  return actual === type || (type === 'number' && actual === 'integer');
};

const segment = (name: string | number): string => String(name).replaceAll('~', '~0').replaceAll('/', '~1');

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const LIMITS: readonly [keyword: string, fails: (value: number, limit: number) => boolean][] = [
  ['minimum', (value, limit) => value < limit],
  ['maximum', (value, limit) => value > limit],
  ['exclusiveMinimum', (value, limit) => value <= limit],
  ['exclusiveMaximum', (value, limit) => value >= limit],
];

/**
 * Checks a policy against the keywords of a resource type's schema that a form can show beside a
 * field (type, required, ranges, lengths, enum, const, pattern, list and object sizes), in Ajv's
 * report shape so the domain's violationMessage words them. Ajv cannot run in the portal's pages:
 * it compiles schemas to functions, which the Content-Security-Policy (script-src 'self') forbids.
 * Keywords left out ($ref, allOf/anyOf/oneOf, if/then, format) are the server's, which checks the
 * whole schema with Ajv on every save (docs/adr/0032-json-policies-in-the-web.md).
 */
export const checkPolicy = (schema: Schema, value: unknown, path = ''): SchemaViolation[] => {
  const found: SchemaViolation[] = [];
  const report = (keyword: string, params: Record<string, unknown>, at = path) =>
    found.push({ instancePath: at, keyword, params });

  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : null;
  if (types && !types.some((type) => hasType(value, String(type)))) {
    report('type', { type: types.join(',') });
    return found;
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((allowed) => same(allowed, value)))
    report('enum', { allowedValues: schema.enum });
  if ('const' in schema && !same(schema.const, value)) report('const', { allowedValue: schema.const });

  if (typeof value === 'number') {
    for (const [keyword, fails] of LIMITS) {
      const limit = schema[keyword];
      if (typeof limit === 'number' && fails(value, limit)) report(keyword, { limit });
    }
    const step = schema.multipleOf;
    if (typeof step === 'number' && step > 0 && Math.abs(value / step - Math.round(value / step)) > 1e-9)
      report('multipleOf', { multipleOf: step });
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      report('minLength', { limit: schema.minLength });
    if (typeof schema.maxLength === 'number' && length > schema.maxLength)
      report('maxLength', { limit: schema.maxLength });
    if (typeof schema.pattern === 'string') {
      try {
        if (!new RegExp(schema.pattern, 'u').test(value)) report('pattern', { pattern: schema.pattern });
      } catch {
        // A pattern the browser cannot read is the server's to judge.
      }
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      report('minItems', { limit: schema.minItems });
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      report('maxItems', { limit: schema.maxItems });
    if (schema.uniqueItems === true && new Set(value.map((item) => JSON.stringify(item))).size < value.length)
      report('uniqueItems', {});
    if (isObject(schema.items))
      value.forEach((item, index) => found.push(...checkPolicy(schema.items as Schema, item, `${path}/${index}`)));
  }
  if (isObject(value)) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const name of Array.isArray(schema.required) ? schema.required : [])
      if (typeof name === 'string' && value[name] === undefined) report('required', { missingProperty: name });
    const count = Object.keys(value).length;
    if (typeof schema.minProperties === 'number' && count < schema.minProperties)
      report('minProperties', { limit: schema.minProperties });
    if (typeof schema.maxProperties === 'number' && count > schema.maxProperties)
      report('maxProperties', { limit: schema.maxProperties });
    for (const [name, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const own = properties[name];
      if (isObject(own)) found.push(...checkPolicy(own, item, `${path}/${segment(name)}`));
      else if (schema.additionalProperties === false) report('additionalProperties', { additionalProperty: name });
      else if (isObject(schema.additionalProperties))
        found.push(...checkPolicy(schema.additionalProperties, item, `${path}/${segment(name)}`));
    }
  }
  return found;
};
