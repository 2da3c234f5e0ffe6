import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * An edit dialog's `readAgain` (useModalForm, ADR 0106) for an object its screen reads as part of
 * one list: the list read afresh, the object found in it in the form's values, null when it is gone.
 */
export const readAgainFromList =
  <Item extends { version: number }, Input>(
    queryClient: QueryClient,
    list: { queryKey: QueryKey; queryFn: () => Promise<{ items: readonly Item[] }> },
    isIt: (item: Item) => boolean,
    valuesOf: (item: Item) => Input,
  ) =>
  async (): Promise<{ values: Input; version: number } | null> => {
    const { items } = await queryClient.fetchQuery({ ...list, staleTime: 0 });
    const theirs = items.find(isIt);
    return theirs ? { values: valuesOf(theirs), version: theirs.version } : null;
  };
