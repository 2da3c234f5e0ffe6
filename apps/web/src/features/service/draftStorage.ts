import type { FieldValue } from '@nubes/domain';
import { readKept, useKeptDraftKey, writeKept } from '../../forms/keptDraft';
import type { DraftEdits } from './formModel';

/**
 * Unsaved edits survive a lost session as every form's do (forms/keptDraft.ts): the service
 * forms keep their edits over the loaded service rather than the form's values, in the same store.
 */

const isFieldValue = (value: unknown): value is FieldValue =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

const isEmpty = (edits: DraftEdits): boolean =>
  edits.name === undefined && edits.providerInstitutionId === undefined && Object.keys(edits.fields).length === 0;

/** The stored edits, if any and well-formed; anything else counts as none. */
export const readDraft = (key: string): DraftEdits | null => {
  try {
    const parsed = readKept(key) as Record<string, unknown> | null;
    if (!parsed) return null;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.fields !== 'object' || parsed.fields === null) {
      return null;
    }
    const fields = Object.fromEntries(
      Object.entries(parsed.fields as Record<string, unknown>).filter((entry): entry is [string, FieldValue] =>
        isFieldValue(entry[1]),
      ),
    );
    const edits: DraftEdits = { fields };
    if (typeof parsed.name === 'string') edits.name = parsed.name;
    if (typeof parsed.providerInstitutionId === 'string' || parsed.providerInstitutionId === null) {
      edits.providerInstitutionId = parsed.providerInstitutionId;
    }
    return isEmpty(edits) ? null : edits;
  } catch {
    return null;
  }
};

export const writeDraft = (key: string, edits: DraftEdits): void => writeKept(key, isEmpty(edits) ? null : edits);

/** The storage key of the signed-in user's draft of a service (null: a new application). */
export const useDraftKey = (serviceId: string | null): string | null => useKeptDraftKey('service', serviceId);
