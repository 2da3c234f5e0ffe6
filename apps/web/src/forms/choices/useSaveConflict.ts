import { useCallback, useMemo, useState } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { compareForConflict, valueAt, type ConflictRow, type ConflictSide } from './saveConflict';

export interface SaveConflict {
  /** The fields both people changed; empty when there is nothing to choose. */
  rows: readonly ConflictRow[];
  choices: Readonly<Record<string, ConflictSide>>;
  /** Fields that another person changed and the form took over, as they were not typed in. */
  taken: readonly string[];
  /** Whether a conflict was met and not yet saved over. */
  open: boolean;
  /** Rows still without a choice: the save waits for them. */
  undecided: number;
  choose: (key: string, side: ConflictSide) => void;
  /** The save went through: nothing left to choose. */
  clear: () => void;
}

/**
 * The state of a save that met someone else's change (ADR 0085): the rows to choose for, the
 * choices, and `apply` writing the chosen value into the form. `start` takes what the comparison
 * found.
 */
export const useConflictChoices = (apply: (key: string, value: unknown) => void) => {
  const [state, setState] = useState<{
    rows: ConflictRow[];
    taken: string[];
    choices: Record<string, ConflictSide>;
  } | null>(null);

  const start = useCallback((rows: ConflictRow[], taken: string[]) => setState({ rows, taken, choices: {} }), []);
  const choose = useCallback(
    (key: string, side: ConflictSide) =>
      setState((current) => {
        const row = current?.rows.find((candidate) => candidate.key === key);
        if (!current || !row) return current;
        apply(key, side === 'mine' ? row.mine : row.theirs);
        return { ...current, choices: { ...current.choices, [key]: side } };
      }),
    [apply],
  );
  const clear = useCallback(() => setState(null), []);

  return useMemo(
    (): SaveConflict & { start: typeof start } => ({
      rows: state?.rows ?? [],
      taken: state?.taken ?? [],
      choices: state?.choices ?? {},
      open: state !== null,
      undecided: state ? state.rows.filter((row) => !state.choices[row.key]).length : 0,
      choose,
      clear,
      start,
    }),
    [state, choose, clear, start],
  );
};

/**
 * A react-hook-form form's save conflicts: `resolve` takes the object as the other person saved it
 * (its form values and version), keeps what was typed, takes their value where nothing was typed
 * and leaves the fields both changed to the person's choice. The next save sends `version`.
 */
export const useFormSaveConflict = <V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'getValues' | 'setValue' | 'reset' | 'formState'>,
  keys: readonly Path<V>[],
  readVersion: number | undefined,
) => {
  const { getValues, setValue, reset } = form;
  const [version, setVersion] = useState(readVersion);
  const apply = useCallback(
    (key: string, value: unknown) =>
      setValue(key as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true, shouldValidate: false }),
    [setValue],
  );
  const conflict = useConflictChoices(apply);
  const { start } = conflict;
  const defaults = form.formState.defaultValues;

  const resolve = useCallback(
    (theirs: V, theirVersion: number) => {
      const mine = getValues();
      const { rows, taken } = compareForConflict(keys, (defaults ?? {}) as V, mine, theirs);
      // Their values become what the form compares with; what was typed stays on screen.
      reset(theirs, { keepValues: true, keepErrors: true });
      for (const key of taken) apply(key, valueAt(theirs, key));
      setVersion(theirVersion);
      start(rows, taken);
    },
    [keys, defaults, getValues, reset, apply, start],
  );

  return { conflict, resolve, version, setVersion };
};
