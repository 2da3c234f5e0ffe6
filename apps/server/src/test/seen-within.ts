import { expect } from 'vitest';

/**
 * Looks until `look` sees what it waits for, and fails as soon as a look that began `bound` ms or
 * more after `since` still does not: the documented bound, not a sleep. Answers when the first
 * look that saw it began, in ms after `since`.
 */
export const seenWithin = async (bound: number, since: number, look: () => Promise<boolean>): Promise<number> => {
  for (;;) {
    const startedAt = Date.now();
    if (await look()) return startedAt - since;
    expect(startedAt - since, 'a look after the documented bound still saw the old state').toBeLessThan(bound);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
