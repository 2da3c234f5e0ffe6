/** A token lives at least 180 and at most 240 minutes; the auth cookie lives 240 minutes. */
const SESSION_RENEW_AFTER_MINUTES = 180;
export const SESSION_MAX_AGE_MINUTES = 240;
const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_MINUTES * 60_000;
const SESSION_RENEW_AFTER_MS = SESSION_RENEW_AFTER_MINUTES * 60_000;

export const SESSION_STORAGE_KEY = 'user';
export const OAUTH_SESSION_STORAGE_KEY = 'oAuthSession';
export const AUTH_COOKIE = 'auth';
/**
 * The header the web app's fetch client sends with every call. A write authenticated by the auth
 * cookie needs it (and a same-origin Origin): a cross-site form cannot set a header, and a
 * cross-site script that does must first pass a CORS preflight the portal never grants
 * (docs/adr/0078-sessions-the-server-ends.md).
 */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'nubes';
export const OIDC_PROVIDER_ID = 'oidc';
export const NOTIFICATION_AUTO_CLOSE_MS = 6000;

export type SessionPhase = 'valid' | 'renew' | 'expired';

/** Where a session of this age stands: valid, due for a background renewal, or over. */
export const sessionPhase = (sessionCreated: number, now: number): SessionPhase => {
  const age = now - sessionCreated;
  if (!Number.isFinite(age) || age >= SESSION_MAX_AGE_MS) return 'expired';
  if (age >= SESSION_RENEW_AFTER_MS) return 'renew';
  return 'valid';
};
