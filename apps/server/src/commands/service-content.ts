import {
  categoriseService,
  FIELDS_BY_KEY,
  formatErrors,
  isEmptyValue,
  weighAnswers,
  weightingErrors,
  type FieldMessages,
  type FieldValue,
  type FieldValues,
  type WeightingAnswers,
  type WeightingCriterion,
} from '@nubes/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { existingIds } from '../db/existing-ids.js';
import { institutions, keywords, serviceKeywords } from '../db/schema.js';
import { invalidInput } from '../http/http-error.js';
import type { ServiceRow } from '../model/service.js';
import { loadWeightingCriteria } from '../queries/weighting-criteria.js';
import { sameJson } from '../writes/changes.js';
import { assignableUserProblems } from './assignable-users.js';

/** What a provider writes about a service: everything PATCH /services/:id may change. */
export interface ServiceContent {
  name: string;
  providerInstitutionId: string | null;
  fields: FieldValues;
  /** Sorted, so two sets compare by their JSON. */
  keywordIds: string[];
  weighting: WeightingAnswers;
}

/** A create or update body; absent keys stay as they are, null removes a field or an answer. */
export interface ServiceContentInput {
  name?: string | undefined;
  providerInstitutionId?: string | null | undefined;
  fields?: Record<string, FieldValue> | undefined;
  keywords?: readonly string[] | undefined;
  weighting?: Record<string, string | null> | undefined;
}

export const EMPTY_CONTENT: ServiceContent = {
  name: '',
  providerInstitutionId: null,
  fields: {},
  keywordIds: [],
  weighting: {},
};

export const loadKeywordIds = async (db: Db | Tx, serviceId: string): Promise<string[]> =>
  (
    await db
      .select({ id: serviceKeywords.keywordId })
      .from(serviceKeywords)
      .where(eq(serviceKeywords.serviceId, serviceId))
  )
    .map((k) => k.id)
    .sort();

export const contentOf = async (db: Db | Tx, row: ServiceRow): Promise<ServiceContent> => ({
  name: row.name,
  providerInstitutionId: row.providerInstitutionId,
  fields: row.fields,
  keywordIds: await loadKeywordIds(db, row.id),
  weighting: row.weighting,
});

// Single-line values are stored trimmed (the format checks look at the trimmed value too).
const TRIMMED_TYPES = new Set(['text', 'url', 'email', 'hostname']);

const normaliseValue = (key: string, value: FieldValue): FieldValue => {
  const type = FIELDS_BY_KEY.get(key)?.type;
  return typeof value === 'string' && type && TRIMMED_TYPES.has(type) ? value.trim() : value;
};

/**
 * The content after applying `input` to `current`, or 400 with one message per field: format
 * errors of the field catalogue and the weighting criteria first, then ids that name no user,
 * institution or keyword. Keys of `fields` are the catalogue's keys; weighting answers are
 * reported as `weighting.<criterion>`.
 */
export const applyContentInput = async (
  db: Db | Tx,
  current: ServiceContent,
  input: ServiceContentInput,
): Promise<{ content: ServiceContent; criteria: WeightingCriterion[] }> => {
  const criteria = await loadWeightingCriteria(db, { share: true });
  const inputFields = input.fields ?? {};
  const errors: FieldMessages = { ...formatErrors(inputFields) };
  // Keywords are a relation of their own, set through `keywords`.
  if ('keywords' in inputFields) errors.keywords = 'validation.unknownField';
  for (const [key, message] of Object.entries(weightingErrors(criteria, input.weighting ?? {})))
    errors[`weighting.${key}`] = message;
  if (Object.keys(errors).length > 0) throw invalidInput('service.resolveErrors', errors);

  const userRefs: [string, string][] = [];
  const institutionRefs: [string, string][] = [];
  for (const [key, value] of Object.entries(inputFields)) {
    if (typeof value !== 'string' || isEmptyValue(value)) continue;
    const type = FIELDS_BY_KEY.get(key)?.type;
    // A person kept from before may have gone since; only a newly named one must be assignable.
    if (type === 'contact' && value !== current.fields[key]) userRefs.push([key, value]);
    if (type === 'institution') institutionRefs.push([key, value]);
  }
  if (input.providerInstitutionId) institutionRefs.push(['providerInstitutionId', input.providerInstitutionId]);
  Object.assign(errors, await assignableUserProblems(db, userRefs));
  const knownInstitutions = await existingIds(
    db,
    institutions,
    institutionRefs.map(([, id]) => id),
  );
  const knownKeywords = await existingIds(db, keywords, input.keywords ?? []);
  for (const [key, id] of institutionRefs) if (!knownInstitutions.has(id)) errors[key] = 'service.unknownInstitution';
  if (input.keywords?.some((id) => !knownKeywords.has(id))) errors.keywords = 'service.unknownKeyword';
  if (Object.keys(errors).length > 0) throw invalidInput('service.resolveErrors', errors);

  const fields: FieldValues = { ...current.fields };
  for (const [key, value] of Object.entries(inputFields)) {
    const normalised = normaliseValue(key, value);
    if (isEmptyValue(normalised)) delete fields[key];
    else fields[key] = normalised;
  }
  const weighting: WeightingAnswers = { ...current.weighting };
  for (const [key, value] of Object.entries(input.weighting ?? {})) {
    if (value === null) delete weighting[key];
    else weighting[key] = value;
  }
  return {
    criteria,
    content: {
      name: input.name ?? current.name,
      providerInstitutionId:
        input.providerInstitutionId === undefined ? current.providerInstitutionId : input.providerInstitutionId,
      fields,
      keywordIds: input.keywords ? [...new Set(input.keywords)].sort() : current.keywordIds,
      weighting,
    },
  };
};

export interface ContentChanges {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** How a changed weighting answer is named among the changes: `weighting.<criterion>`. */
export const WEIGHTING_CHANGE_PREFIX = 'weighting.';

/**
 * Exactly the changed parts, for the audit event: name, providerInstitutionId, each changed field
 * by its key, keywords (ids) and each changed weighting answer as `weighting.<criterion>`.
 * Absent values are null. Null when nothing changed.
 */
export const contentChanges = (before: ServiceContent, after: ServiceContent): ContentChanges | null => {
  const changes: ContentChanges = { before: {}, after: {} };
  const note = (key: string, old: unknown, now: unknown) => {
    if (sameJson(old, now)) return;
    changes.before[key] = old ?? null;
    changes.after[key] = now ?? null;
  };
  note('name', before.name || null, after.name);
  note('providerInstitutionId', before.providerInstitutionId, after.providerInstitutionId);
  for (const key of new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]))
    note(key, before.fields[key], after.fields[key]);
  note('keywords', before.keywordIds, after.keywordIds);
  for (const key of new Set([...Object.keys(before.weighting), ...Object.keys(after.weighting)]))
    note(`${WEIGHTING_CHANGE_PREFIX}${key}`, before.weighting[key], after.weighting[key]);
  return Object.keys(changes.after).length > 0 ? changes : null;
};

/** The columns derived from the content: score and service type. */
export const derivedColumns = (content: ServiceContent, criteria: readonly WeightingCriterion[]) => ({
  weightedScore: weighAnswers(criteria, content.weighting).score,
  serviceType: categoriseService(content.fields),
});

/** Replaces the service's keyword set. */
export const writeKeywords = async (tx: Tx, serviceId: string, keywordIds: readonly string[]) => {
  await tx.delete(serviceKeywords).where(eq(serviceKeywords.serviceId, serviceId));
  if (keywordIds.length > 0)
    await tx.insert(serviceKeywords).values(keywordIds.map((keywordId) => ({ serviceId, keywordId })));
};
