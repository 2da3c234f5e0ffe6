import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { fakeAuthApi, PEOPLE, sessionFor, statusFor } from '../test/renderApp';
import { readStoredSession, writeStoredSession } from './session';
import { createSessionStore, type SessionEndReason } from './sessionStore';

const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
const alice = PEOPLE.alice!;
const admin = PEOPLE.admin!;

const setup = (api = fakeAuthApi(), now = NOW) => {
  let clock = now;
  const store = createSessionStore({ storage: window.localStorage, now: () => clock, api });
  const ended: SessionEndReason[] = [];
  store.onEnd((reason) => ended.push(reason));
  return { store, api, ended, setNow: (value: number) => (clock = value) };
};

describe('SessionStore', () => {
  it('keeps a session younger than 180 minutes as it is', () => {
    const session = sessionFor(alice, NOW, 100);
    writeStoredSession(window.localStorage, session);
    const { store, api } = setup();
    expect(store.check()).toMatchObject({ status: 'loggedIn', phase: 'valid' });
    expect(store.getSnapshot()).toEqual(session);
    expect(api.renewSession).not.toHaveBeenCalled();
  });

  it('renews a session aged 200 minutes on the server in the background and restarts its clock', async () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 200));
    const { store, api } = setup(
      fakeAuthApi({
        renewSession: vi.fn(() => Promise.resolve()),
        fetchStatus: vi.fn(() => Promise.resolve(statusFor(alice, NOW))),
      }),
    );

    expect(store.check()).toMatchObject({ status: 'loggedIn', phase: 'renew' });
    // A second route change while the renewal runs does not start another one.
    store.check();
    expect(api.renewSession).toHaveBeenCalledTimes(1);
    await store.renew();

    const stored = readStoredSession(window.localStorage);
    expect(stored).toMatchObject({ sessionCreated: NOW, tokenExpire: NOW + 240 * 60_000 });
    expect(stored).toMatchObject({ username: 'alice', fullname: 'Alice Example', roles: ['serviceProvider'] });
    expect(store.check()).toMatchObject({ phase: 'valid' });
  });

  it('still restarts the clock when the login status read after a route change lands during the renewal', async () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 200));
    let renewed!: () => void;
    const { store } = setup(
      fakeAuthApi({
        renewSession: vi.fn(() => new Promise<void>((resolve) => (renewed = resolve))),
        fetchStatus: vi.fn(() => Promise.resolve(statusFor(alice, NOW + 1000))),
      }),
    );
    store.check();
    // The re-read of the route change answers first and stores the same person's status.
    store.applyStatus(statusFor(alice, NOW + 1000));
    renewed();
    await store.renew();
    expect(readStoredSession(window.localStorage)).toMatchObject({ sessionCreated: NOW });
  });

  it('stays logged in when a renewal fails (failures are only logged)', async () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 200));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, ended } = setup(
      fakeAuthApi({ renewSession: vi.fn(() => Promise.reject(new ApiError(503, 'unavailable', 'down'))) }),
    );
    store.check();
    await store.renew();
    expect(store.getSnapshot()?.username).toBe('alice');
    expect(ended).toEqual([]);
    warn.mockRestore();
  });

  it('logs a session aged 250 minutes out: storage cleared', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 250));
    window.localStorage.setItem('oAuthSession', 'left-over');
    const { store, ended } = setup();
    expect(store.check()).toEqual({ status: 'expired' });
    expect(store.getSnapshot()).toBeNull();
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('oAuthSession')).toBeNull();
    expect(ended).toEqual(['expired']);
  });

  it('expires a session while the app is open, at the next check', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 0));
    const { store, setNow } = setup();
    expect(store.check().status).toBe('loggedIn');
    setNow(NOW + 240 * 60_000);
    expect(store.check().status).toBe('expired');
  });

  it('treats garbage in localStorage.user as logged out', () => {
    window.localStorage.setItem('user', '{"token": 1}');
    const { store, ended } = setup();
    expect(store.check()).toEqual({ status: 'loggedOut' });
    expect(ended).toEqual([]);
  });

  it('creates the session from a direct login with the server’s login status, and keeps no token', async () => {
    const api = fakeAuthApi({
      postLogin: vi.fn(() => Promise.resolve()),
      fetchStatus: vi.fn(() => Promise.resolve(statusFor(admin, NOW))),
    });
    const { store } = setup(api);
    await store.loginWithPassword(' admin ', 'secret');
    expect(api.postLogin).toHaveBeenCalledWith({ login: ' admin ', password: 'secret' });
    expect(api.fetchStatus).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual({
      tokenExpire: NOW + 240 * 60_000,
      roles: ['portalManager'],
      sessionCreated: NOW,
      username: 'admin',
      fullname: 'Portal Admin',
      email: 'admin@example.org',
    });
    expect(store.getSnapshot()?.roles).toEqual(['portalManager']);
  });

  it('does not store anything when the login fails', async () => {
    const { store } = setup(
      fakeAuthApi({ postLogin: vi.fn(() => Promise.reject(new ApiError(401, 'unauthorized', 'no'))) }),
    );
    await expect(store.loginWithPassword('admin', 'wrong')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(store.getSnapshot()).toBeNull();
  });

  it('logout ends the session on the server, clears everything here and reports it', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW));
    const { store, ended, api } = setup();
    store.logout();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(window.localStorage.getItem('user')).toBeNull();
    expect(store.getSnapshot()).toBeNull();
    expect(ended).toEqual(['logout']);
  });

  it('ends the session once on a rejected token', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW));
    const { store, ended } = setup();
    store.unauthorized();
    store.unauthorized();
    expect(store.getSnapshot()).toBeNull();
    expect(ended).toEqual(['unauthorized']);
  });

  it('follows another tab: a session written or removed there is picked up by check()', () => {
    const { store } = setup();
    expect(store.getSnapshot()).toBeNull();
    writeStoredSession(window.localStorage, sessionFor(alice, NOW));
    store.check();
    expect(store.getSnapshot()?.username).toBe('alice');
    window.localStorage.removeItem('user');
    store.check();
    expect(store.getSnapshot()).toBeNull();
  });

  it('stores a login status read again: roles as they are now, the session clock kept', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 30));
    const { store } = setup();
    store.check();
    store.applyStatus(statusFor({ ...alice, roles: ['voManager'] }, NOW));
    expect(store.getSnapshot()).toMatchObject({ roles: ['voManager'], sessionCreated: NOW - 30 * 60_000 });
  });

  it('ignores a login status of someone else, and keeps the snapshot when nothing changed', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW, 30));
    const { store } = setup();
    store.check();
    const before = store.getSnapshot();
    store.applyStatus(statusFor({ ...alice, username: 'bob', roles: ['portalManager'] }, NOW));
    expect(store.getSnapshot()).toBe(before);
    store.applyStatus(statusFor(alice, NOW));
    expect(store.getSnapshot()).toBe(before);
  });

  it('keeps the same snapshot object while storage is unchanged', () => {
    writeStoredSession(window.localStorage, sessionFor(alice, NOW));
    const { store } = setup();
    const first = store.getSnapshot();
    store.check();
    expect(store.getSnapshot()).toBe(first);
  });
});
