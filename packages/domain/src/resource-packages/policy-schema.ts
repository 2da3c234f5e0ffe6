import type { Language } from '../i18n/core.js';

/**
 * What a resource type's JSON Schema says to people beside what it checks: the words of its
 * fields in English and German, their units, and the policy a new package starts from
 * (docs/adr/0083-policy-forms-start-valid-and-speak-the-schemas-words.md).
 */

type Schema = Record<string, unknown>;

/** A field's unit, in English ("hours", "GB"); the server's Ajv knows it as an annotation. */
export const UNIT_KEYWORD = 'x-unit';
/** A field's words in further languages: `{ "de": { "title": …, "description": …, "unit": … } }`. */
export const TRANSLATIONS_KEYWORD = 'x-translations';

/** The shape the server checks `x-translations` against when a type's schema is saved. */
export const TRANSLATIONS_META_SCHEMA = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    properties: { title: { type: 'string' }, description: { type: 'string' }, unit: { type: 'string' } },
    additionalProperties: false,
  },
} as const;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** One field's words in a language: the translation where the schema has one, else its own (English). */
export interface SchemaWords {
  title?: string;
  description?: string;
  unit?: string;
}

export const schemaWords = (schema: unknown, language: Language | string | undefined): SchemaWords => {
  if (!isObject(schema)) return {};
  const translations = isObject(schema[TRANSLATIONS_KEYWORD]) ? schema[TRANSLATIONS_KEYWORD] : {};
  const own = language && language !== 'en' && isObject(translations[language]) ? translations[language] : {};
  return {
    title: text(own.title) ?? text(schema.title),
    description: text(own.description) ?? text(schema.description),
    unit: text(own.unit) ?? text(schema[UNIT_KEYWORD]),
  };
};

/** A field's label: its title (else the key it stands under) with its unit, "Longest job (hours)". */
export const schemaLabel = (schema: unknown, key: string, language: Language | string | undefined): string => {
  const { title, unit } = schemaWords(schema, language);
  const name = title ?? key;
  return unit ? `${name} (${unit})` : name;
};

/** The branches of a conditional that apply to a value: `then` when `if` holds, else `else`. */
const conditionalBranch = (schema: Schema, value: unknown, holds: (sub: Schema, value: unknown) => boolean) => {
  if (!isObject(schema.if)) return undefined;
  const branch = holds(schema.if, value) ? schema.then : schema.else;
  return isObject(branch) ? branch : undefined;
};

/**
 * Whether a value meets the simple conditions a schema's `if` states for showing fields: `const`,
 * `enum`, `required` and the same for its properties. Enough for "if GPUs are allowed"; anything
 * more the server's Ajv decides.
 */
const conditionHolds = (schema: Schema, value: unknown): boolean => {
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (Array.isArray(schema.enum) && !schema.enum.some((item) => JSON.stringify(item) === JSON.stringify(value)))
    return false;
  if (!isObject(value)) return !Array.isArray(schema.required) && !isObject(schema.properties);
  if (Array.isArray(schema.required) && schema.required.some((name) => !(String(name) in value))) return false;
  if (isObject(schema.properties))
    for (const [name, sub] of Object.entries(schema.properties))
      if (name in value && isObject(sub) && !conditionHolds(sub, value[name])) return false;
  return true;
};

/** The properties an object's schema declares for this value: its own and those of the branch that applies. */
export const propertiesFor = (schema: unknown, value: unknown): [string, Schema][] => {
  if (!isObject(schema)) return [];
  const own = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  const branch = conditionalBranch(schema, value, conditionHolds);
  const more = branch && isObject(branch.properties) ? Object.entries(branch.properties) : [];
  return [...own, ...more].filter((entry): entry is [string, Schema] => isObject(entry[1]));
};

const requiredFor = (schema: Schema, value: unknown): Set<string> => {
  const names = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const branch = conditionalBranch(schema, value, conditionHolds);
  if (branch && Array.isArray(branch.required)) for (const name of branch.required) names.add(String(name));
  return names;
};

const typeOf = (schema: Schema): string | undefined =>
  typeof schema.type === 'string' ? schema.type : Array.isArray(schema.type) ? String(schema.type[0]) : undefined;

/**
 * The value a field starts with in a form generated from its schema: its `default`; for a yes/no
 * field without one `false`, since an unticked box says no; for an object what its fields start
 * with (a required object always, an optional one when something in it starts with a value).
 */
const startValue = (schema: Schema, required: boolean): unknown => {
  if ('default' in schema) return structuredClone(schema.default);
  const type = typeOf(schema);
  if (type === 'boolean') return false;
  if (type === 'object' || (!type && isObject(schema.properties))) {
    const value = objectDefaults(schema);
    return required || Object.keys(value).length > 0 ? value : undefined;
  }
  return undefined;
};

const objectDefaults = (schema: Schema): Schema => {
  const value: Schema = {};
  // The branch of an `if` depends on the values, so the own fields come first, then the branch's.
  for (let pass = 0; pass < 2; pass += 1) {
    const required = requiredFor(schema, value);
    for (const [name, sub] of propertiesFor(schema, value)) {
      if (name in value) continue;
      const start = startValue(sub, required.has(name));
      if (start !== undefined) value[name] = start;
    }
  }
  return value;
};

/** The policy a new package of a type starts from: what a form generated from its schema shows untouched. */
export const policyDefaults = (schema: unknown): Record<string, unknown> =>
  isObject(schema) ? objectDefaults(schema) : {};

/**
 * The schema of the value at a JSON Pointer of a policy (`/gpu/type`), following properties,
 * the conditional branch that applies and list items; undefined where the schema says nothing.
 */
export const schemaAt = (schema: unknown, pointer: string, policy: unknown): Schema | undefined => {
  let current: unknown = schema;
  let value: unknown = policy;
  for (const raw of pointer.split('/').slice(1)) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(current)) return undefined;
    if (isObject(current.items) && /^\d+$/.test(segment)) {
      current = current.items;
      value = Array.isArray(value) ? value[Number(segment)] : undefined;
      continue;
    }
    const parent: Schema = current;
    current =
      propertiesFor(parent, value).find(([name]) => name === segment)?.[1] ??
      // A value the branches were not decided for (a history's old side): the field of either branch.
      [parent.then, parent.else]
        .map((branch) => (isObject(branch) && isObject(branch.properties) ? branch.properties[segment] : undefined))
        .find(isObject);
    value = isObject(value) ? value[segment] : undefined;
  }
  return isObject(current) ? current : undefined;
};

/**
 * A place in a policy as a person reads it: the labels on the way, "GPUs › GPU model", list entries
 * counted from 1; without units where the value beside it carries its own.
 */
export const policyPlaceLabel = (
  schema: unknown,
  pointer: string,
  policy: unknown,
  language: Language | string | undefined,
  { units = true }: { units?: boolean } = {},
): string => {
  const segments = pointer.split('/').slice(1);
  const upTo = (count: number) =>
    segments
      .slice(0, count)
      .map((segment) => `/${segment}`)
      .join('');
  return segments
    .map((raw, index) => {
      const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
      const at = schemaAt(schema, upTo(index + 1), policy);
      const parent = schemaAt(schema, upTo(index), policy);
      if (/^\d+$/.test(key) && parent && isObject(parent.items)) return String(Number(key) + 1);
      return units ? schemaLabel(at, key, language) : (schemaWords(at, language).title ?? key);
    })
    .join(' › ');
};

const SCHEMA_MAPS = ['properties', '$defs', 'definitions', 'patternProperties'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
const SCHEMA_ONES = ['items', 'additionalProperties', 'if', 'then', 'else', 'not', 'contains'] as const;

/**
 * The schema in a language, as a generated form shows it: every field's title is its label there
 * (with its unit, the key where it has no title), its description the translated one.
 */
export const localizedSchema = (
  schema: unknown,
  language: Language | string | undefined,
  key?: string,
): Record<string, unknown> => {
  if (!isObject(schema)) return {};
  const out: Schema = { ...schema };
  const words = schemaWords(schema, language);
  if (words.title !== undefined || (words.unit !== undefined && key !== undefined))
    out.title = schemaLabel(schema, key ?? '', language);
  if (words.description !== undefined) out.description = words.description;
  for (const name of SCHEMA_MAPS) {
    const map = schema[name];
    if (isObject(map))
      out[name] = Object.fromEntries(
        Object.entries(map).map(([child, sub]) => [child, isObject(sub) ? localizedSchema(sub, language, child) : sub]),
      );
  }
  for (const name of SCHEMA_LISTS) {
    const list = schema[name];
    if (Array.isArray(list)) out[name] = list.map((sub) => (isObject(sub) ? localizedSchema(sub, language) : sub));
  }
  for (const name of SCHEMA_ONES) {
    const sub = schema[name];
    if (isObject(sub)) out[name] = localizedSchema(sub, language, name === 'items' ? undefined : key);
  }
  return out;
};

const branchNames = (schema: Schema): Set<string> => {
  const names = new Set<string>();
  for (const branch of [schema.then, schema.else])
    if (isObject(branch) && isObject(branch.properties))
      for (const name of Object.keys(branch.properties)) names.add(name);
  return names;
};

/**
 * The policy without the values of fields its schema hides now: GPU model and hours go when GPUs
 * are no longer allowed, as their fields did. Values the schema does not know at all stay, for the
 * server to name.
 */
export const withoutHiddenFields = (schema: unknown, value: unknown): unknown => {
  if (!isObject(schema) || !isObject(value)) return value;
  const shown = new Map(propertiesFor(schema, value));
  const conditional = branchNames(schema);
  const out: Schema = {};
  for (const [name, inner] of Object.entries(value)) {
    if (conditional.has(name) && !shown.has(name)) continue;
    out[name] = shown.has(name) ? withoutHiddenFields(shown.get(name), inner) : inner;
  }
  return out;
};
