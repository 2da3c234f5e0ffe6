import { SESSION_STORAGE_KEY, storedSessionSchema } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { PEOPLE, statusFor } from '../test/renderApp';
import { buildSession, checkSession, clearStoredSession, readStoredSession, writeStoredSession } from './session';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;
const alice = PEOPLE.alice!;

describe('session record', () => {
  const status = statusFor(alice, NOW);

  it('holds exactly the keys of the session record and no token, tokenExpire in ms and sessionCreated = now', () => {
    const session = buildSession(status, NOW);
    expect(Object.keys(session).sort()).toEqual([
      'email',
      'fullname',
      'roles',
      'sessionCreated',
      'tokenExpire',
      'username',
    ]);
    expect(session).toEqual({
      tokenExpire: NOW + 240 * MIN,
      roles: ['serviceProvider'],
      sessionCreated: NOW,
      username: 'alice',
      fullname: alice.fullname,
      email: 'alice@example.org',
    });
    expect(storedSessionSchema.safeParse(session).success).toBe(true);
  });

  it('is written to and read back from localStorage.user', () => {
    const session = buildSession(status, NOW);
    writeStoredSession(window.localStorage, session);
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(session);
    expect(readStoredSession(window.localStorage)).toEqual(session);
  });

  it.each([
    '',
    'not json',
    '{}',
    '[]',
    'null',
    '{"token":"t"}',
    JSON.stringify({ ...buildSession(status, NOW), roles: 'x' }),
  ])('counts garbage %j as logged out', (raw) => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(readStoredSession(window.localStorage)).toBeNull();
  });

  it('falls back to the username for a person without a name', () => {
    expect(buildSession(statusFor({ ...alice, fullname: '' }, NOW), NOW).fullname).toBe('alice');
  });

  it('logout clears the session and the single sign-on leftovers', () => {
    window.localStorage.setItem('user', '{}');
    window.localStorage.setItem('oAuthSession', 'abc');
    window.localStorage.setItem('lang', 'de');
    clearStoredSession(window.localStorage);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('oAuthSession')).toBeNull();
    expect(window.localStorage.getItem('lang')).toBe('de');
  });
});

describe('checkSession (the session age rule)', () => {
  const at = (ageMinutes: number) => checkSession(buildSession(statusFor(alice, NOW), NOW - ageMinutes * MIN), NOW);

  it('is logged out without a session', () => {
    expect(checkSession(null, NOW)).toEqual({ status: 'loggedOut' });
  });

  it.each([
    [0, 'valid'],
    [179.9, 'valid'],
    [180, 'renew'],
    [200, 'renew'],
    [239.9, 'renew'],
  ])('a session aged %s min is logged in, phase %s', (age, phase) => {
    expect(at(age)).toMatchObject({ status: 'loggedIn', phase });
  });

  it.each([240, 250, 10_000])('a session aged %s min has expired', (age) => {
    expect(at(age)).toEqual({ status: 'expired' });
  });
});
