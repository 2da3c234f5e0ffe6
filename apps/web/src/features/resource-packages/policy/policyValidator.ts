import { violationPath, type SchemaViolation } from '@nubes/domain';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils';
import { checkPolicy } from './policyCheck';
import { policyErrorTree } from './policyText';

/** A violation as rjsf carries it: the keyword as its name, the place as a dotted property path. */
const rjsfError = (violation: SchemaViolation): RJSFValidationError => {
  const place = violationPath(violation);
  return {
    name: violation.keyword,
    params: violation.params,
    property: place
      .split('/')
      .slice(1)
      .map((part) => `.${part.replaceAll('~1', '/').replaceAll('~0', '~')}`)
      .join(''),
    schemaPath: place,
    message: violation.keyword,
    stack: violation.keyword,
  };
};

/**
 * rjsf's validator on checkPolicy instead of Ajv, which the pages' Content-Security-Policy does not
 * let compile (docs/adr/0032-json-policies-in-the-web.md). Errors keep their JSON Pointer (in
 * schemaPath) so each lands beside its field as the server's would.
 */
export const policyValidator: ValidatorType = {
  validateFormData: (formData, schema, _customValidate, transformErrors, uiSchema) => {
    const raw = checkPolicy(schema as Record<string, unknown>, formData).map(rjsfError);
    const errors = transformErrors ? transformErrors(raw, uiSchema) : raw;
    const tree = policyErrorTree(
      errors.map((error) => ({ pointer: error.schemaPath ?? '', message: error.message ?? '' })),
    );
    return { errors, errorSchema: tree as ErrorSchema };
  },
  isValid: (schema, formData) => checkPolicy(schema as Record<string, unknown>, formData).length === 0,
  rawValidation: <Result>(schema: RJSFSchema, formData?: unknown) => ({
    errors: checkPolicy(schema as Record<string, unknown>, formData) as Result[],
  }),
};
