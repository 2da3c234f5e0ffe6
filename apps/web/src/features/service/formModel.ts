import {
  FIELD_GROUPS,
  FIELDS_BY_KEY,
  SERVICE_FIELDS,
  fieldValueError,
  fieldsOfGroup,
  isEmptyValue,
  validateForStep,
  type FieldDefinition,
  type FieldGroup,
  type FieldValue,
  type FieldValues,
  type ServiceDetail,
  type UpdateServiceRequest,
  type FieldStep,
} from '@nubes/domain';

/**
 * The service forms as pure data: what the form starts from, what changed, which errors stand in
 * the way. Everything is derived from the domain's field catalogue, so a new catalogue entry
 * appears in the forms, their checks and the saved changes without a change here.
 */

/** What the forms edit: the name, the provider and every catalogue field (keywords as ids). */
export interface DraftValues {
  name: string;
  providerInstitutionId: string | null;
  fields: FieldValues;
}

/** The user's changes over the service as loaded; kept apart so a reload does not lose them. */
export interface DraftEdits {
  name?: string;
  providerInstitutionId?: string | null;
  fields: Record<string, FieldValue>;
}

export type ServiceChanges = Omit<UpdateServiceRequest, 'version'>;

/** The pseudo-field of the service's name: shown first on the first page, required for every save. */
export const NAME_KEY = 'name';
export const PROVIDER_KEY = 'providerInstitutionId';

/** The page that carries the name. */
export const NAME_GROUP: FieldGroup = FIELD_GROUPS[0];

export const NO_EDITS: DraftEdits = { fields: {} };

export const EMPTY_DRAFT: DraftValues = { name: '', providerInstitutionId: null, fields: {} };

/** Empty strings and lists count as no value; strings are compared and saved without outer spaces. */
export const normalizeValue = (value: FieldValue | undefined): FieldValue => {
  if (value === undefined || isEmptyValue(value)) return null;
  return typeof value === 'string' ? value.trim() : value;
};

const sameValue = (a: FieldValue, b: FieldValue): boolean => {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
};

/** The form's starting point: the stored values of every catalogue field, keywords as their ids. */
export const draftFromService = (service: ServiceDetail): DraftValues => {
  const fields: FieldValues = {};
  for (const field of SERVICE_FIELDS) {
    fields[field.key] =
      field.type === 'keywords'
        ? service.keywords.map((keyword) => keyword.id)
        : normalizeValue(service.fields[field.key]);
  }
  return { name: service.name, providerInstitutionId: service.providerInstitution?.id ?? null, fields };
};

export const applyEdits = (base: DraftValues, edits: DraftEdits): DraftValues => ({
  name: edits.name ?? base.name,
  providerInstitutionId:
    edits.providerInstitutionId === undefined ? base.providerInstitutionId : edits.providerInstitutionId,
  fields: { ...base.fields, ...edits.fields },
});

/** What the user changed in `values` over `base` (what the form shows over what was loaded). */
export const editsOf = (base: DraftValues, values: DraftValues): DraftEdits => {
  const edits: DraftEdits = { fields: {} };
  if (values.name !== base.name) edits.name = values.name;
  const provider = values.providerInstitutionId ?? null;
  if (provider !== base.providerInstitutionId) edits.providerInstitutionId = provider;
  for (const [key, value] of Object.entries(values.fields ?? {})) {
    if (!sameValue(normalizeValue(value), normalizeValue(base.fields[key]))) edits.fields[key] = value;
  }
  return edits;
};

/** A value as the request carries it (a mutable list). */
const toWire = (value: FieldValue): string | number | boolean | string[] | null =>
  typeof value === 'object' && value !== null ? [...value] : value;

/**
 * The request body of a save: only what differs from `base`. Keyword fields go to `keywords`,
 * the others to `fields`; cleared values are sent as null. Null when nothing changed.
 */
export const changesOf = (base: DraftValues, edits: DraftEdits): ServiceChanges | null => {
  const changes: ServiceChanges = {};
  if (edits.name !== undefined && edits.name.trim() !== base.name) changes.name = edits.name.trim();
  if (edits.providerInstitutionId !== undefined && edits.providerInstitutionId !== base.providerInstitutionId) {
    changes.providerInstitutionId = edits.providerInstitutionId;
  }
  for (const [key, raw] of Object.entries(edits.fields)) {
    const field = FIELDS_BY_KEY.get(key);
    if (!field) continue;
    const value = normalizeValue(raw);
    if (sameValue(value, normalizeValue(base.fields[key]))) continue;
    if (field.type === 'keywords') changes.keywords = Array.isArray(value) ? [...value] : [];
    else changes.fields = { ...changes.fields, [key]: toWire(value) };
  }
  return Object.keys(changes).length > 0 ? changes : null;
};

/** The normalized values the domain's validation reads. */
export const valuesForValidation = (values: DraftValues): FieldValues =>
  Object.fromEntries(Object.entries(values.fields).map(([key, value]) => [key, normalizeValue(value)]));

/** Format errors (i18n keys) of `fields`; an empty value passes (being required is a step's question). */
const formatErrorsOf = (fields: readonly FieldDefinition[], values: DraftValues): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = fieldValueError(field, normalizeValue(values.fields[field.key]));
    if (error) errors[field.key] = error;
  }
  return errors;
};

/** The name's own rule: every save needs it ("Please add a title"). */
const nameError = (values: DraftValues): string | null => (values.name.trim() === '' ? 'service.nameRequired' : null);

/** What refuses a save: a missing name or any format error. Missing required fields do not. */
export const saveErrors = (fields: readonly FieldDefinition[], values: DraftValues): Record<string, string> => {
  const name = nameError(values);
  return { ...(name ? { [NAME_KEY]: name } : {}), ...formatErrorsOf(fields, values) };
};

/** What stands between the values and a workflow step: missing required fields and format errors. */
export const stepErrors = (values: DraftValues, step: FieldStep): Record<string, string> =>
  validateForStep(valuesForValidation(values), step);

/** The fields of one service information page, in catalogue order. */
export const pageFields = (group: FieldGroup): FieldDefinition[] => fieldsOfGroup(group);

/**
 * The page-change guard (changing page with errors is refused, ADR 12): the errors on the page
 * being left. Only what is wrong counts, not what is missing: a page may be left half filled.
 */
export const pageErrors = (group: FieldGroup, values: DraftValues): Record<string, string> => {
  const errors = formatErrorsOf(pageFields(group), values);
  const name = group === NAME_GROUP ? nameError(values) : null;
  return name ? { [NAME_KEY]: name, ...errors } : errors;
};

export const canLeavePage = (group: FieldGroup, values: DraftValues): boolean =>
  Object.keys(pageErrors(group, values)).length === 0;

/** The groups in page order that hold at least one field (an empty group gets no page). */
export const informationPages = (): FieldGroup[] => FIELD_GROUPS.filter((group) => pageFields(group).length > 0);

export const isFieldGroup = (value: unknown): value is FieldGroup =>
  typeof value === 'string' && (FIELD_GROUPS as readonly string[]).includes(value);

/** The page a field (or the name) is on. */
export const groupOfKey = (key: string): FieldGroup | null =>
  key === NAME_KEY ? NAME_GROUP : (FIELDS_BY_KEY.get(key)?.group ?? null);

/** The first key with an error in the order the form shows them (for moving the focus there). */
export { firstErrorKey } from '../../forms/focusFirstError';

/** The order of the information pages' inputs: the name, then the catalogue by page. */
export const informationOrder = (): string[] => [
  NAME_KEY,
  ...informationPages().flatMap((group) => pageFields(group).map((field) => field.key)),
];

/** The input's DOM id, so the focus can move to the first invalid field. */
export const fieldDomId = (key: string): string => `service-field-${key}`;
