import type { StoredSession } from '@nubes/domain';

/**
 * The shape check of what the shell reads on every page: localStorage.user. It mirrors the
 * domain's storedSessionSchema exactly (records.test.ts holds it against the zod schema), but
 * without zod: zod would add about 25 KB gzip to the
 * first load, a sixth of the 150 KB budget. Screens loaded later use the zod schemas directly.
 */

type UnknownRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// zod's z.number() refuses NaN and ±Infinity.
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isString = (value: unknown): value is string => typeof value === 'string';

/** Like storedSessionSchema.safeParse: the six keys, unknown keys dropped; null when invalid. */
export const parseStoredSession = (value: unknown): StoredSession | null => {
  if (!isRecord(value)) return null;
  const { tokenExpire, roles, sessionCreated, username, fullname, email } = value;
  if (
    !isNumber(tokenExpire) ||
    !Array.isArray(roles) ||
    !roles.every(isString) ||
    !isNumber(sessionCreated) ||
    !isString(username) ||
    !isString(fullname) ||
    !isString(email)
  ) {
    return null;
  }
  return { tokenExpire, roles: [...roles], sessionCreated, username, fullname, email };
};
