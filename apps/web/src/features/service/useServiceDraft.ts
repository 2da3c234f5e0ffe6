import { URL_EXAMPLE, type FieldValue, type MessageKey } from '@nubes/domain';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { get, useWatch, type FieldError, type FieldPath } from 'react-hook-form';
import { focusById } from '../../forms/focusFirstError';
import { SERVER_ERROR } from '../../forms/fields';
import { useZodForm } from '../../forms/useZodForm';
import { messageKeyOr } from '../../i18n/messageKey';
import { readDraft, writeDraft } from './draftStorage';
import {
  applyEdits,
  changesOf,
  editsOf,
  fieldDomId,
  NAME_KEY,
  NO_EDITS,
  PROVIDER_KEY,
  type DraftEdits,
  type DraftValues,
} from './formModel';
import { serviceFormSchema } from './serviceFormSchema';

/** A field's message: an i18n key of the domain's checks, or a text the server already translated. */
export type FieldMessage = { key: MessageKey } | { text: string };

export interface ServiceDraft {
  values: DraftValues;
  edits: DraftEdits;
  changes: ReturnType<typeof changesOf>;
  /** Something differs from the service as loaded (what a save would send). */
  dirty: boolean;
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

/** A draft key (the name, the provider or a catalogue field) as the form's field path. */
const pathOf = (key: string): FieldPath<DraftValues> =>
  key === NAME_KEY || key === PROVIDER_KEY ? key : (`fields.${key}` as FieldPath<DraftValues>);

/**
 * The editing state of one service on the portal's form library (react-hook-form with the
 * service schema, ADR 19): the edits over the loaded values, plus which messages show. Messages
 * appear when something is tried (save, page change, a workflow step), not while typing or on
 * leaving an input: a message appearing on blur moves the buttons under the pointer (ADR 12). From
 * then on a field's format message follows what is typed; required-field and server messages go
 * when the field changes.
 */
export const useServiceDraft = (base: DraftValues, storageKey: string | null = null): ServiceDraft => {
  const [stored] = useState(() => (storageKey ? readDraft(storageKey) : null));
  const form = useZodForm(serviceFormSchema, { defaultValues: applyEdits(base, stored ?? NO_EDITS) });
  const { control, setValue, setError, clearErrors, reset: resetForm, getValues } = form;
  // Read during render, so the form re-renders when a message comes or goes.
  const { errors } = form.formState;
  const values = useWatch({ control }) as DraftValues;

  // Fields whose message was shown once: their message follows what is typed from then on.
  const revealed = useRef(new Set<string>());

  // A reload (after a save, a conflict or someone else's change) keeps what the user changed.
  const previousBase = useRef(base);
  useEffect(() => {
    if (previousBase.current === base) return;
    const kept = editsOf(previousBase.current, getValues());
    previousBase.current = base;
    resetForm(applyEdits(base, kept), { keepErrors: true });
  }, [base, getValues, resetForm]);

  const edits = useMemo(() => editsOf(base, values), [base, values]);
  const changes = useMemo(() => changesOf(base, edits), [base, edits]);
  useEffect(() => {
    if (storageKey) writeDraft(storageKey, edits);
  }, [storageKey, edits]);

  const set = useCallback(
    (key: string, value: FieldValue) => {
      const path = pathOf(key);
      const follow = revealed.current.has(path);
      if (!follow) clearErrors(path);
      setValue(path, value as never, { shouldDirty: true, shouldValidate: follow });
    },
    [setValue, clearErrors],
  );
  const setField = useCallback((key: string, value: FieldValue) => set(key, value), [set]);
  const setName = useCallback((name: string) => set(NAME_KEY, name), [set]);
  const setProvider = useCallback((id: string | null) => set(PROVIDER_KEY, id), [set]);

  const showErrors = useCallback(
    (errors: Record<string, string>, source: 'keys' | 'texts') => {
      for (const [key, message] of Object.entries(errors)) {
        const path = pathOf(key);
        revealed.current.add(path);
        setError(path, { type: source === 'texts' ? SERVER_ERROR : 'domain', message });
      }
    },
    [setError],
  );

  const errorOf = useCallback(
    (key: string): FieldMessage | undefined => {
      const error = get(errors, pathOf(key)) as FieldError | undefined;
      if (!error?.message) return undefined;
      return error.type === SERVER_ERROR
        ? { text: error.message }
        : { key: messageKeyOr(error.message, 'validation.invalid') };
    },
    [errors],
  );

  const reset = useCallback(() => {
    revealed.current.clear();
    resetForm(base);
  }, [resetForm, base]);

  return {
    values,
    edits,
    changes,
    dirty: changes !== null,
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
export const focusField = (key: string): void => focusById(fieldDomId(key));

/** The text of a field message in the current language (the URL message names its example host). */
export const messageText = (t: TFunction, message?: FieldMessage) =>
  message === undefined ? undefined : 'text' in message ? message.text : t(message.key, { host: URL_EXAMPLE });
