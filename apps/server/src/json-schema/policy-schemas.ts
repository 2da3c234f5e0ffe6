import {
  TRANSLATIONS_KEYWORD,
  TRANSLATIONS_META_SCHEMA,
  UNIT_KEYWORD,
  type MessageKey,
  type SchemaViolation,
} from '@nubes/domain';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A resource type as the validator needs it: its identity and version key the compiled schema. */
export interface SchemaSource {
  id: string;
  version: number;
  schema: Record<string, unknown>;
}

export type JsonParse = { ok: true; value: unknown } | { ok: false };

/** JSON text as a person typed it: parsed, or refused ("Cannot save invalid JSON"). */
export const parseJsonText = (text: string): JsonParse => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Ajv for draft 2020-12 with the standard formats. Unknown keywords are refused (strictSchema) so
 * a typo in a type's schema shows when it is saved, not as a rule that silently checks nothing;
 * Ajv's other strict checks only log, and the portal logs nothing of them.
 */
const createAjv = () => {
  const ajv = new Ajv2020({
    allErrors: true,
    strictSchema: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    logger: false,
  });
  addFormats(ajv);
  // The words a form shows (a unit, titles in further languages) check nothing; their shape is
  // checked when a type's schema is saved (docs/adr/0083-policy-forms-start-valid-and-speak-the-schemas-words.md).
  ajv.addKeyword({ keyword: UNIT_KEYWORD, schemaType: 'string' });
  ajv.addKeyword({ keyword: TRANSLATIONS_KEYWORD, schemaType: 'object', metaSchema: TRANSLATIONS_META_SCHEMA });
  return ajv;
};

/**
 * Whether a resource type's schema can be saved: a JSON Schema that Ajv compiles and that describes
 * an object (a policy is a JSON object). Returns the message for the `schema` field, or null.
 */
export const checkTypeSchema = (schema: unknown): MessageKey | null => {
  if (!isPlainObject(schema) || schema.type !== 'object') return 'resourceTypes.schemaNotObject';
  try {
    createAjv().compile(schema);
    return null;
  } catch {
    return 'resourceTypes.schemaInvalid';
  }
};

/**
 * The compiled schemas of the resource types, one per type version: compiling costs milliseconds,
 * validating a policy microseconds. A type's older versions leave the cache when a newer one is
 * compiled, so it holds one function per type.
 */
export class PolicySchemas {
  // Made at the first policy checked: building Ajv with its formats is a noticeable part of a start.
  private ajvInstance: Ajv2020 | undefined;
  private readonly compiled = new Map<string, { version: number; validate: ValidateFunction }>();

  /** Where the policy breaks the type's schema; empty when it fits. */
  violations(type: SchemaSource, policy: unknown): SchemaViolation[] {
    const validate = this.validatorOf(type);
    if (validate(policy)) return [];
    // A failed if/then comes as the branch's own violations plus an `if` that only says the branch
    // failed: the person acts on the former.
    return (validate.errors ?? [])
      .filter(({ keyword }) => keyword !== 'if')
      .map(({ instancePath, keyword, params }) => ({
        instancePath,
        keyword,
        params: params as Record<string, unknown>,
      }));
  }

  private validatorOf(type: SchemaSource): ValidateFunction {
    const cached = this.compiled.get(type.id);
    if (cached?.version === type.version) return cached.validate;
    // A fresh id per version: Ajv keeps compiled schemas by $id, and a new version may keep the $id.
    const { $id: _ignored, ...schema } = type.schema;
    const ajv = (this.ajvInstance ??= createAjv());
    const validate = ajv.compile(schema);
    if (cached) ajv.removeSchema(cached.validate.schema as object);
    this.compiled.set(type.id, { version: type.version, validate });
    return validate;
  }
}
