import { useCallback, useEffect, useRef, useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useSession, useSessionStore } from '../auth/SessionProvider';

/**
 * What was typed and not saved survives a session that ends (ADR 12: logging in again keeps the
 * draft): every form keeps it in sessionStorage, per person, form and object, through the login
 * round trip, and drops it on save or discard
 * (docs/adr/0083-policy-forms-start-valid-and-speak-the-schemas-words.md).
 */
const PREFIX = 'nubes.draft.';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage);

/** The storage key of one person's draft of one object in one form; `new` for an object not saved yet. */
const keptDraftKey = (username: string, form: string, id: string | null): string =>
  `${PREFIX}${form}.${username}.${id ?? 'new'}`;

export const readKept = (key: string): unknown => {
  try {
    const raw = storage()?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
};

/** Keeps a draft, or drops it with `null`. */
export const writeKept = (key: string, value: unknown): void => {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or switched off: the draft then lives only as long as the page.
  }
};

/** The signed-in person's key for a form's draft of an object (null while nobody is signed in, or for a form that keeps none). */
export const useKeptDraftKey = (form: string | null, id: string | null): string | null => {
  const { session } = useSession();
  return session && form !== null ? keptDraftKey(session.username, form, id) : null;
};

/**
 * The objects whose drafts in this form the signed-in person left when the session ended (`new`
 * for one not saved yet): the screen opens the form of the first again, as it was.
 */
export const useKeptDraftIds = (form: string): string[] => {
  const { session } = useSession();
  const [ids] = useState(() => {
    const store = storage();
    if (!session || !store) return [];
    const prefix = `${PREFIX}${form}.${session.username}.`;
    return Array.from({ length: store.length }, (_, index) => store.key(index))
      .filter((key): key is string => key !== null && key.startsWith(prefix))
      .map((key) => key.slice(prefix.length));
  });
  return ids;
};

export interface KeptDraft {
  /** The values came back from a session that ended before they were saved. */
  restored: boolean;
  /** Drops them and puts the form back to what it was loaded with. */
  discard: () => void;
}

/**
 * Keeps a react-hook-form form's values while they differ from what it was loaded with, and brings
 * them back when the form opens again for the same person and object. A form closed while the
 * session lives (cancel, leaving the screen) drops them: only a session that ended keeps them.
 */
export const useKeptDraft = <Values extends FieldValues, Output>(
  form: UseFormReturn<Values, unknown, Output>,
  /** The form's name among the drafts; null: a form that keeps none. */
  name: string | null,
  id: string | null,
): KeptDraft => {
  const key = useKeptDraftKey(name, id);
  const sessions = useSessionStore();
  const { control, reset, getValues, formState } = form;
  const [restored, setRestored] = useState(false);
  const loaded = useRef<Values | null>(null);

  useEffect(() => {
    // Read here, after the form this one replaces (a reload after a conflict) has dropped its draft.
    const stored = key ? readKept(key) : null;
    loaded.current = getValues();
    if (stored && typeof stored === 'object') {
      // Over what was loaded, so the form counts the values as changes (the leave guard asks).
      reset({ ...getValues(), ...(stored as Partial<Values>) }, { keepDefaultValues: true });
      // Known only now, from storage read after the replaced form's cleanup (see above).
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setRestored(true);
    }
    // Once, when the form opens: later loads are the form's own business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      if (key && sessions.getSnapshot() !== null) writeKept(key, null);
    },
    [key, sessions],
  );

  const values = useWatch({ control });
  const dirty = formState.isDirty;
  useEffect(() => {
    if (key && loaded.current) writeKept(key, dirty ? values : null);
  }, [key, values, dirty]);

  const discard = useCallback(() => {
    if (key) writeKept(key, null);
    setRestored(false);
    reset();
  }, [key, reset]);

  return { restored: restored && dirty, discard };
};
