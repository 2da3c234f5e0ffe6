import { useCallback, useState } from 'react';

/**
 * Which columns a person hid, per person and per table: kept in localStorage under
 * `nubes.dataTable.<username>.<tableId>.hidden`, so a shared computer does not mix two people's
 * choices and every list remembers its own. Only hidden columns are stored: a column added later
 * shows up until someone hides it.
 */
export const columnPreferenceKey = (username: string, tableId: string): string =>
  `nubes.dataTable.${username}.${tableId}.hidden`;

const readHiddenColumns = (storage: Storage, key: string): string[] | null => {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? 'null');
    return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') ? parsed : null;
  } catch {
    return null;
  }
};

const writeHiddenColumns = (storage: Storage, key: string, hidden: readonly string[]): void => {
  try {
    storage.setItem(key, JSON.stringify(hidden));
  } catch {
    // A full or blocked storage only costs the memory of the choice, not the choice itself.
  }
};

/**
 * The hidden columns of one table for one person (null: nobody logged in, nothing remembered).
 * Starts from what was stored, else from the columns hidden by default.
 */
export const useHiddenColumns = (
  username: string | null,
  tableId: string,
  hiddenByDefault: readonly string[],
): [readonly string[], (hidden: readonly string[]) => void] => {
  const key = username ? columnPreferenceKey(username, tableId) : null;
  const load = () => (key ? readHiddenColumns(window.localStorage, key) : null) ?? hiddenByDefault;
  const [state, setState] = useState(() => ({ key, hidden: load() }));
  // Another person logged in on this page, or another table id: their own choice.
  let current = state;
  if (state.key !== key) {
    current = { key, hidden: load() };
    setState(current);
  }
  const setHidden = useCallback(
    (hidden: readonly string[]) => {
      setState({ key, hidden });
      if (key) writeHiddenColumns(window.localStorage, key, hidden);
    },
    [key],
  );
  return [current.hidden, setHidden];
};
