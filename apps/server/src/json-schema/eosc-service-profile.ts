import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import profileSchema from './eosc-service-profile.schema.json' with { type: 'json' };

// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

let validate: ValidateFunction | undefined;

/**
 * Where a record breaks the EOSC service profile's JSON Schema (eosc-service-profile.schema.json):
 * none for a valid record. Compiled at the first export, not at the start.
 */
export const eoscProfileViolations = (record: unknown): string[] => {
  if (!validate) {
    const ajv = new Ajv2020({ allErrors: true });
    addFormats(ajv);
    validate = ajv.compile(profileSchema);
  }
  if (validate(record)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? 'is not valid'}`);
};
