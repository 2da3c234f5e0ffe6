import {
  AUTH_COOKIE,
  OAUTH_SESSION_STORAGE_KEY,
  SESSION_MAX_AGE_MINUTES,
  SESSION_STORAGE_KEY,
  sessionPhase,
  type SessionPhase,
  type StoredSession,
  type User,
} from '@nubes/domain';
import { parseStoredSession, parseTokenPayload, type TokenPayload } from './records';

export type { TokenPayload } from './records';

/**
 * The session record and the auth cookie (docs/domain.md#sessions): storage, cookie and the pure rules around
 * them. Nothing here talks to the network, so all of it is unit-tested with an injected clock.
 */

const base64UrlDecode = (segment: string): string => {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
};

/**
 * Reads the JWT payload without checking the signature: only the server trusts tokens, the
 * browser just needs the expiry, name and username out of it.
 */
export const decodeTokenPayload = (token: string): TokenPayload | null => {
  const segment = token.split('.')[1];
  if (!segment) return null;
  try {
    return parseTokenPayload(JSON.parse(base64UrlDecode(segment)));
  } catch {
    return null;
  }
};

/** The record stored under localStorage.user: exactly the keys docs/domain.md#sessions lists, nothing more. */
export const buildSession = (token: string, payload: TokenPayload, user: User, now: number): StoredSession => ({
  token,
  tokenExpire: payload.exp * 1000,
  roles: [...user.roles],
  sessionCreated: now,
  username: user.username,
  fullname: user.fullname || payload.fullname || user.username,
  email: user.email,
});

/** A renewed token keeps the person, gets a new expiry and restarts the session clock. */
export const renewSession = (
  previous: StoredSession,
  token: string,
  payload: TokenPayload,
  now: number,
): StoredSession => ({
  ...previous,
  token,
  tokenExpire: payload.exp * 1000,
  sessionCreated: now,
  fullname: payload.fullname || previous.fullname,
});

/** Anything that is not a well-formed session record counts as logged out. */
export const readStoredSession = (storage: Storage): StoredSession | null => {
  let raw: string | null;
  try {
    raw = storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    return parseStoredSession(JSON.parse(raw));
  } catch {
    return null;
  }
};

export const writeStoredSession = (storage: Storage, session: StoredSession): void => {
  const record: StoredSession = {
    token: session.token,
    tokenExpire: session.tokenExpire,
    roles: session.roles,
    sessionCreated: session.sessionCreated,
    username: session.username,
    fullname: session.fullname,
    email: session.email,
  };
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
};

/** Logout removes the session and any half-finished single sign-on. */
export const clearStoredSession = (storage: Storage): void => {
  storage.removeItem(SESSION_STORAGE_KEY);
  storage.removeItem(OAUTH_SESSION_STORAGE_KEY);
};

/** The auth cookie lets plain GET links (file downloads) carry the session (docs/domain.md#sessions). */
export const authCookie = (token: string): string =>
  `${AUTH_COOKIE}=${encodeURIComponent(token)}; path=/; SameSite=Lax; max-age=${SESSION_MAX_AGE_MINUTES * 60}`;

export const expiredAuthCookie = (): string => `${AUTH_COOKIE}=; path=/; SameSite=Lax; max-age=0`;

export const setAuthCookie = (doc: Document, token: string): void => {
  doc.cookie = authCookie(token);
};

export const clearAuthCookie = (doc: Document): void => {
  doc.cookie = expiredAuthCookie();
};

export type SessionCheck =
  | { status: 'loggedOut' }
  | { status: 'loggedIn'; session: StoredSession; phase: Exclude<SessionPhase, 'expired'> }
  | { status: 'expired' };

/** Younger than 180 min valid, 180–240 valid and due for renewal, older logged out. */
export const checkSession = (session: StoredSession | null, now: number): SessionCheck => {
  if (!session) return { status: 'loggedOut' };
  const phase = sessionPhase(session.sessionCreated, now);
  if (phase === 'expired') return { status: 'expired' };
  return { status: 'loggedIn', session, phase };
};
