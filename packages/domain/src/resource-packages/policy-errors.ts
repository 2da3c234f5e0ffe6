import type { MessageKey } from '../i18n/types.js';

/**
 * One place where a policy breaks its resource type's JSON Schema, in the shape Ajv reports it
 * (server and web both validate with Ajv; this module stays free of it).
 */
export interface SchemaViolation {
  /** JSON Pointer of the value that fails, '' for the whole policy. */
  instancePath: string;
  keyword: string;
  params: Readonly<Record<string, unknown>>;
}

/** A message key with the values it names, translated by whoever shows it. */
export interface ParamMessage {
  key: MessageKey;
  params: Record<string, string | number>;
}

const TYPE_MESSAGES: Record<string, MessageKey> = {
  string: 'resourcePolicy.violations.typeString',
  number: 'resourcePolicy.violations.typeNumber',
  integer: 'resourcePolicy.violations.typeInteger',
  boolean: 'resourcePolicy.violations.typeBoolean',
  object: 'resourcePolicy.violations.typeObject',
  array: 'resourcePolicy.violations.typeArray',
  null: 'resourcePolicy.violations.typeNull',
};

const LIMIT_MESSAGES: Record<string, MessageKey> = {
  minimum: 'resourcePolicy.violations.minimum',
  exclusiveMinimum: 'resourcePolicy.violations.exclusiveMinimum',
  maximum: 'resourcePolicy.violations.maximum',
  exclusiveMaximum: 'resourcePolicy.violations.exclusiveMaximum',
  minLength: 'resourcePolicy.violations.minLength',
  maxLength: 'resourcePolicy.violations.maxLength',
  minItems: 'resourcePolicy.violations.minItems',
  maxItems: 'resourcePolicy.violations.maxItems',
  minProperties: 'resourcePolicy.violations.minProperties',
  maxProperties: 'resourcePolicy.violations.maxProperties',
  multipleOf: 'resourcePolicy.violations.multipleOf',
};

const shown = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

const pointerSegment = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Where the violation shows: the value's own pointer, or for a missing or unexpected property the
 * pointer of that property, so the form can put the message beside the field it is about.
 */
export const violationPath = (violation: SchemaViolation): string => {
  const { instancePath, keyword, params } = violation;
  if (keyword === 'required' && typeof params.missingProperty === 'string')
    return `${instancePath}/${pointerSegment(params.missingProperty)}`;
  if (keyword === 'additionalProperties' && typeof params.additionalProperty === 'string')
    return `${instancePath}/${pointerSegment(params.additionalProperty)}`;
  if (keyword === 'unevaluatedProperties' && typeof params.unevaluatedProperty === 'string')
    return `${instancePath}/${pointerSegment(params.unevaluatedProperty)}`;
  return instancePath;
};

/** The message of one violation, in the words of the catalogue (never Ajv's English). */
export const violationMessage = (violation: SchemaViolation): ParamMessage => {
  const { keyword, params } = violation;
  if (keyword === 'required') return { key: 'resourcePolicy.violations.required', params: {} };
  if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties')
    return { key: 'resourcePolicy.violations.additionalProperty', params: {} };
  if (keyword === 'type') {
    const type = Array.isArray(params.type) ? String(params.type[0]) : String(params.type);
    return { key: TYPE_MESSAGES[type] ?? 'resourcePolicy.violations.other', params: {} };
  }
  const limitKey = LIMIT_MESSAGES[keyword];
  if (limitKey) return { key: limitKey, params: { limit: Number(params.limit ?? params.multipleOf) } };
  if (keyword === 'enum' && Array.isArray(params.allowedValues))
    return { key: 'resourcePolicy.violations.enum', params: { values: params.allowedValues.map(shown).join(', ') } };
  if (keyword === 'const')
    return { key: 'resourcePolicy.violations.const', params: { value: shown(params.allowedValue) } };
  if (keyword === 'pattern')
    return { key: 'resourcePolicy.violations.pattern', params: { pattern: String(params.pattern) } };
  if (keyword === 'format')
    return { key: 'resourcePolicy.violations.format', params: { format: String(params.format) } };
  if (keyword === 'uniqueItems') return { key: 'resourcePolicy.violations.uniqueItems', params: {} };
  return { key: 'resourcePolicy.violations.other', params: {} };
};

/**
 * The field key a violation is reported under in a 400 answer's `fields`: `policy` followed by the
 * pointer (`policy/flavors/0/ram`), so each message names its place in the policy.
 */
export const violationField = (violation: SchemaViolation): string => `policy${violationPath(violation)}`;

/**
 * The violations by place, first message per place: Ajv reports several for one value (every
 * branch of a oneOf, say); the first is the one a person can act on.
 */
export const violationsByPath = (violations: readonly SchemaViolation[]): Map<string, ParamMessage> => {
  const byPath = new Map<string, ParamMessage>();
  for (const violation of violations) {
    const path = violationPath(violation);
    if (!byPath.has(path)) byPath.set(path, violationMessage(violation));
  }
  return byPath;
};
