import { SESSION_STORAGE_KEY, storedSessionSchema } from '@nubes/domain';
import { describe, expect, it } from 'vitest';
import { fakeToken, PEOPLE } from '../test/renderApp';
import {
  authCookie,
  buildSession,
  checkSession,
  clearStoredSession,
  decodeTokenPayload,
  expiredAuthCookie,
  readStoredSession,
  renewSession,
  writeStoredSession,
} from './session';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const MIN = 60_000;
const alice = PEOPLE.alice!;

describe('decodeTokenPayload', () => {
  it('reads sub, exp, fullname and username from the JWT payload', () => {
    const token = fakeToken({ sub: 'u-1', exp: 1_900_000_000, fullname: 'Jürgen Ä', username: 'jae' });
    expect(decodeTokenPayload(token)).toEqual({
      sub: 'u-1',
      exp: 1_900_000_000,
      fullname: 'Jürgen Ä',
      username: 'jae',
    });
  });

  it('decodes base64url with UTF-8 characters', () => {
    const token = fakeToken({ sub: '1', exp: 1, fullname: 'Zoë Ørsted 🌥' });
    expect(decodeTokenPayload(token)?.fullname).toBe('Zoë Ørsted 🌥');
  });

  it.each(['', 'abc', 'a.b.c', 'a.' + btoa('[1]') + '.c', fakeToken({ sub: 1, exp: 2 }), fakeToken({ sub: 'x' })])(
    'returns null for %j',
    (token) => {
      expect(decodeTokenPayload(token)).toBeNull();
    },
  );
});

describe('session record', () => {
  const payload = { sub: 'u-1', exp: 1_800_000_000, fullname: 'Alice Example', username: 'alice' };

  it('holds exactly the keys of the session record, tokenExpire in ms and sessionCreated = now', () => {
    const session = buildSession('tok', payload, alice, NOW);
    expect(Object.keys(session).sort()).toEqual([
      'email',
      'fullname',
      'roles',
      'sessionCreated',
      'token',
      'tokenExpire',
      'username',
    ]);
    expect(session).toEqual({
      token: 'tok',
      tokenExpire: 1_800_000_000_000,
      roles: ['serviceProvider'],
      sessionCreated: NOW,
      username: 'alice',
      fullname: 'Alice Example',
      email: 'alice@example.org',
    });
    expect(storedSessionSchema.safeParse(session).success).toBe(true);
  });

  it('is written to and read back from localStorage.user', () => {
    const session = buildSession('tok', payload, alice, NOW);
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
    JSON.stringify({ ...buildSession('t', payload, alice, NOW), roles: 'x' }),
  ])('counts garbage %j as logged out', (raw) => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, raw);
    expect(readStoredSession(window.localStorage)).toBeNull();
  });

  it('renewal keeps the person and restarts the clock', () => {
    const before = buildSession('old', payload, alice, NOW - 200 * MIN);
    const renewed = renewSession(before, 'new', { ...payload, exp: 1_800_009_999 }, NOW);
    expect(renewed).toEqual({ ...before, token: 'new', tokenExpire: 1_800_009_999_000, sessionCreated: NOW });
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

describe('auth cookie', () => {
  it('lives 240 minutes on path / with SameSite=Lax', () => {
    expect(authCookie('a.b.c')).toBe('auth=a.b.c; path=/; SameSite=Lax; max-age=14400');
    expect(expiredAuthCookie()).toBe('auth=; path=/; SameSite=Lax; max-age=0');
  });
});

describe('checkSession (the session age rule)', () => {
  const at = (ageMinutes: number) =>
    checkSession(buildSession('t', { sub: 's', exp: 1 }, alice, NOW - ageMinutes * MIN), NOW);

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
