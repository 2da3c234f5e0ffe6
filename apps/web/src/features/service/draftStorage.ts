import type { FieldValue } from '@nubes/domain';
import { useSession } from '../../auth/SessionProvider';
import type { DraftEdits } from './formModel';

/**
 * Unsaved edits survive a lost session (ADR 12: logging in again keeps the draft): they are kept in
 * sessionStorage, per user and service, through the login round trip, and dropped on save.
 */
const PREFIX = 'nubes.serviceDraft.';

const draftStorageKey = (username: string, serviceId: string | null): string =>
  `${PREFIX}${username}.${serviceId ?? 'new'}`;

const isFieldValue = (value: unknown): value is FieldValue =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

const isEmpty = (edits: DraftEdits): boolean =>
  edits.name === undefined && edits.providerInstitutionId === undefined && Object.keys(edits.fields).length === 0;

/** The stored edits, if any and well-formed; anything else counts as none. */
export const readDraft = (storage: Storage | undefined, key: string): DraftEdits | null => {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Record<string, unknown>;
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

export const writeDraft = (storage: Storage | undefined, key: string, edits: DraftEdits): void => {
  try {
    if (isEmpty(edits)) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(edits));
  } catch {
    // Storage full or switched off: the draft then lives only as long as the page.
  }
};

/** The storage key of the signed-in user's draft of a service (null: a new application). */
export const useDraftKey = (serviceId: string | null): string | null => {
  const { session } = useSession();
  return session ? draftStorageKey(session.username, serviceId) : null;
};
