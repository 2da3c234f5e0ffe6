import type { StoredSession } from '@nubes/domain';

/**
 * Shape checks for what the shell reads on every page: localStorage.user and the token payload.
 * They mirror the domain's storedSessionSchema and tokenPayloadSchema exactly (records.test.ts
 * holds them against the zod schemas), but without zod: zod would add about 25 KB gzip to the
 * first load, a sixth of the 150 KB budget. Screens loaded later use the zod schemas directly.
 */

type UnknownRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is UnknownRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// zod's z.number() refuses NaN and ±Infinity.
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isString = (value: unknown): value is string => typeof value === 'string';

export interface TokenPayload {
  sub: string;
  exp: number;
  fullname?: string;
  username?: string;
}

/** Like storedSessionSchema.safeParse: the seven keys, unknown keys dropped; null when invalid. */
export const parseStoredSession = (value: unknown): StoredSession | null => {
  if (!isRecord(value)) return null;
  const { token, tokenExpire, roles, sessionCreated, username, fullname, email } = value;
  if (
    !isString(token) ||
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
  return { token, tokenExpire, roles: [...roles], sessionCreated, username, fullname, email };
};

/** Like tokenPayloadSchema.safeParse: sub and exp required, fullname and username optional strings. */
export const parseTokenPayload = (value: unknown): TokenPayload | null => {
  if (!isRecord(value)) return null;
  const { sub, exp, fullname, username } = value;
  if (!isString(sub) || !isNumber(exp)) return null;
  if (fullname !== undefined && !isString(fullname)) return null;
  if (username !== undefined && !isString(username)) return null;
  return {
    sub,
    exp,
    ...(fullname !== undefined ? { fullname } : {}),
    ...(username !== undefined ? { username } : {}),
  };
};
