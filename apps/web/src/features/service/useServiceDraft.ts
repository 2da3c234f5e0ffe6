import { SERVICE_FIELDS, URL_EXAMPLE, type FieldValue } from '@nubes/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { readDraft, writeDraft } from './draftStorage';
import {
  applyEdits,
  changesOf,
  fieldDomId,
  formatErrorsOf,
  nameError,
  NAME_KEY,
  NO_EDITS,
  PROVIDER_KEY,
  type DraftEdits,
  type DraftValues,
} from './formModel';

/** A field's message: an i18n key of the domain's checks, or a text the server already translated. */
export type FieldMessage = { key: string } | { text: string };

export interface ServiceDraft {
  values: DraftValues;
  edits: DraftEdits;
  changes: ReturnType<typeof changesOf>;
  setName: (name: string) => void;
  setProvider: (id: string | null) => void;
  setField: (key: string, value: FieldValue) => void;
  /** The message shown at a field, if any. */
  errorOf: (key: string) => FieldMessage | undefined;
  /** Shows these errors (failed save, page change, validation, or the server's 400 fields). */
  showErrors: (errors: Record<string, string>, source: 'keys' | 'texts') => void;
  /** Drops the edits and messages (after a save, or a reload after a conflict). */
  reset: () => void;
  /** The edits came back from an earlier visit (a session that ended before saving). */
  restored: boolean;
}

/**
 * The editing state of one service: the edits over the loaded values, plus which messages show.
 * Messages appear when something is tried (save, page change, a workflow step), not while typing
 * or on leaving an input: a message appearing on blur moves the buttons under the pointer. From
 * then on a field's format message follows what is typed; required-field and server messages go
 * when the field changes.
 */
export const useServiceDraft = (base: DraftValues, storageKey: string | null = null): ServiceDraft => {
  const [stored] = useState(() => (storageKey ? readDraft(window.sessionStorage, storageKey) : null));
  const [edits, setEdits] = useState<DraftEdits>(stored ?? NO_EDITS);
  useEffect(() => {
    if (storageKey) writeDraft(window.sessionStorage, storageKey, edits);
  }, [storageKey, edits]);
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState<Record<string, FieldMessage>>({});

  const values = useMemo(() => applyEdits(base, edits), [base, edits]);
  const changes = useMemo(() => changesOf(base, edits), [base, edits]);
  const liveErrors = useMemo((): Record<string, string> => {
    const errors = formatErrorsOf(SERVICE_FIELDS, values);
    const name = nameError(values);
    if (name) errors[NAME_KEY] = name;
    return errors;
  }, [values]);

  const forget = useCallback((key: string) => {
    setShown((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });
  }, []);

  const setField = useCallback(
    (key: string, value: FieldValue) => {
      setEdits((current) => ({ ...current, fields: { ...current.fields, [key]: value } }));
      forget(key);
    },
    [forget],
  );
  const setName = useCallback(
    (name: string) => {
      setEdits((current) => ({ ...current, name }));
      forget(NAME_KEY);
    },
    [forget],
  );
  const setProvider = useCallback(
    (id: string | null) => {
      setEdits((current) => ({ ...current, providerInstitutionId: id }));
      forget(PROVIDER_KEY);
    },
    [forget],
  );
  const showErrors = useCallback((errors: Record<string, string>, source: 'keys' | 'texts') => {
    setShown((current) => {
      const next = { ...current };
      for (const [key, message] of Object.entries(errors)) {
        next[key] = source === 'keys' ? { key: message } : { text: message };
      }
      return next;
    });
    setRevealed((current) => new Set([...current, ...Object.keys(errors)]));
  }, []);

  const errorOf = useCallback(
    (key: string): FieldMessage | undefined => {
      const message = shown[key];
      if (message) return message;
      const live = liveErrors[key];
      return live && revealed.has(key) ? { key: live } : undefined;
    },
    [shown, liveErrors, revealed],
  );

  const reset = useCallback(() => {
    setEdits(NO_EDITS);
    setShown({});
    setRevealed(new Set());
  }, []);

  return {
    values,
    edits,
    changes,
    setName,
    setProvider,
    setField,
    errorOf,
    showErrors,
    reset,
    restored: stored !== null && changes !== null,
  };
};

/** Moves the focus to a field's input (WCAG 3.3.1: the user lands where the problem is). */
export const focusField = (key: string): void => {
  // After the render that shows the messages (and, on another page, the field itself).
  window.setTimeout(() => {
    const element = document.getElementById(fieldDomId(key));
    if (element) {
      element.focus();
      element.scrollIntoView?.({ block: 'center' });
    }
  }, 0);
};

/** The text of a field message in the current language (the URL message names its example host). */
export const messageText = (t: (key: string, options?: Record<string, unknown>) => string, message?: FieldMessage) =>
  message === undefined ? undefined : 'text' in message ? message.text : t(message.key, { host: URL_EXAMPLE });
