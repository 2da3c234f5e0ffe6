import {
  OAUTH_SESSION_STORAGE_KEY,
  SESSION_STORAGE_KEY,
  sessionPhase,
  type SessionPhase,
  type SessionStatus,
  type StoredSession,
} from '@nubes/domain';
import { parseStoredSession } from './records';

/**
 * The session record (docs/domain.md#sessions): storage and the pure rules around it. The token
 * itself lives in the server's HttpOnly auth cookie, out of every script's reach
 * (docs/adr/0078-sessions-the-server-ends.md). Nothing here talks to the network, so all of it is
 * unit-tested with an injected clock.
 */

/**
 * The record stored under localStorage.user from the server's login status: exactly the keys
 * docs/domain.md#sessions lists. A login and a renewal both start the session clock anew.
 */
export const buildSession = (status: SessionStatus, now: number): StoredSession => ({
  tokenExpire: Date.parse(status.session.expiresAt),
  roles: [...status.user.roles],
  sessionCreated: now,
  username: status.user.username,
  fullname: status.user.fullname || status.user.username,
  email: status.user.email,
});

/** Whether two records say the same: the six keys, roles in their order. */
export const sameSession = (a: StoredSession, b: StoredSession): boolean =>
  a.tokenExpire === b.tokenExpire &&
  a.sessionCreated === b.sessionCreated &&
  a.username === b.username &&
  a.fullname === b.fullname &&
  a.email === b.email &&
  a.roles.length === b.roles.length &&
  a.roles.every((role, i) => role === b.roles[i]);

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
