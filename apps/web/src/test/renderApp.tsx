import { render } from '@testing-library/react';
import type { StoredSession, User } from '@nubes/domain';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from '../routing';
import { vi } from 'vitest';
import type { AuthApi } from '../api/auth';
import { configureApi } from '../api/client';
import { AppProviders } from '../app/App';
import { createQueryClient } from '../app/queryClient';
import { AppRoutes } from '../app/router';
import { createSessionStore } from '../auth/sessionStore';
import { writeStoredSession } from '../auth/session';
import { initI18n } from '../i18n/i18n';

/** Demo people (docs/domain.md#demo-people) with their roles. */
export const PEOPLE: Record<string, User> = {
  admin: { username: 'admin', fullname: 'Portal Admin', email: 'admin@example.org', roles: ['portalManager'] },
  alice: { username: 'alice', fullname: 'Alice Example', email: 'alice@example.org', roles: ['serviceProvider'] },
  paula: {
    username: 'paula',
    fullname: 'Paula Portfolio',
    email: 'paula@example.org',
    roles: ['servicePortfolioManager'],
  },
  rita: {
    username: 'rita',
    fullname: 'Rita Resources',
    email: 'rita@example.org',
    roles: ['resourcePackageManager'],
  },
  nora: { username: 'nora', fullname: 'Nora Norole', email: 'nora@example.org', roles: [] },
};

/** A JWT-shaped token (unsigned: the browser never checks signatures). */
export const fakeToken = (payload: Record<string, unknown>): string => {
  const encode = (value: unknown) => {
    const bytes = new TextEncoder().encode(JSON.stringify(value));
    const binary = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
    return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
};

export const sessionFor = (user: User, now: number, ageMinutes = 0): StoredSession => ({
  token: fakeToken({
    sub: user.username,
    exp: Math.floor(now / 1000) + 14_400,
    fullname: user.fullname,
    username: user.username,
  }),
  tokenExpire: now + 14_400_000,
  roles: user.roles,
  sessionCreated: now - ageMinutes * 60_000,
  username: user.username,
  fullname: user.fullname,
  email: user.email,
});

export const fakeAuthApi = (overrides: Partial<AuthApi> = {}): AuthApi => ({
  postLogin: vi.fn(() => Promise.reject(new Error('not expected'))),
  fetchUser: vi.fn(() => Promise.reject(new Error('not expected'))),
  renewToken: vi.fn(() => Promise.reject(new Error('not expected'))),
  ...overrides,
});

const probe = { path: '' };
const LocationProbe = () => {
  const { pathname, search } = useLocation();
  useEffect(() => {
    probe.path = `${pathname}${search}`;
  }, [pathname, search]);
  return null;
};

/** The location the app is at, as the MemoryRouter sees it. */
export const currentLocation = () => probe.path;

export interface RenderAppOptions {
  path?: string;
  user?: User;
  ageMinutes?: number;
  now?: number;
  api?: AuthApi;
}

/** The whole shell (providers, routes, layout) at `path`, optionally with a stored session. */
export const renderApp = ({
  path = '/',
  user,
  ageMinutes = 0,
  now = Date.now(),
  api = fakeAuthApi(),
}: RenderAppOptions = {}) => {
  initI18n('en');
  if (user) writeStoredSession(window.localStorage, sessionFor(user, now, ageMinutes));
  const store = createSessionStore({ storage: window.localStorage, document, now: () => now, api });
  configureApi({
    getToken: () => store.getSnapshot()?.token ?? null,
    getLanguage: () => 'en',
    onUnauthorized: () => store.unauthorized(),
  });
  store.check();
  const view = render(
    <AppProviders store={store} queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, store, api };
};
