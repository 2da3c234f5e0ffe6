import { render } from '@testing-library/react';
import type { SessionStatus, StoredSession, User } from '@nubes/domain';
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
  carla: { username: 'carla', fullname: 'Carla Contact', email: 'carla@example.org', roles: ['contactManager'] },
  victor: { username: 'victor', fullname: 'Victor VO', email: 'victor@example.org', roles: ['voManager'] },
  sven: { username: 'sven', fullname: 'Sven Supervisor', email: 'sven@example.org', roles: ['voSupervisor'] },
};

export const sessionFor = (user: User, now: number, ageMinutes = 0): StoredSession => ({
  tokenExpire: now + 14_400_000,
  roles: user.roles,
  sessionCreated: now - ageMinutes * 60_000,
  username: user.username,
  fullname: user.fullname,
  email: user.email,
});

/** What GET /api/session answers for the user's session, expiring 240 minutes after `now`. */
export const statusFor = (user: User, now: number, sessionId = 'session-1'): SessionStatus => ({
  user: { ...user, roles: [...user.roles] },
  session: {
    id: sessionId,
    createdAt: new Date(now).toISOString(),
    renewedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 14_400_000).toISOString(),
    userAgent: null,
    ip: null,
    current: true,
  },
});

export const fakeAuthApi = (overrides: Partial<AuthApi> = {}): AuthApi => ({
  postLogin: vi.fn(() => Promise.reject(new Error('not expected'))),
  fetchStatus: vi.fn(() => Promise.reject(new Error('not expected'))),
  renewSession: vi.fn(() => Promise.reject(new Error('not expected'))),
  logout: vi.fn(() => Promise.resolve()),
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
  // The server knows the stored user as stored: the re-read of the login status changes nothing.
  api = fakeAuthApi(user ? { fetchStatus: vi.fn(() => Promise.resolve(statusFor(user, now))) } : {}),
}: RenderAppOptions = {}) => {
  initI18n('en');
  if (user) writeStoredSession(window.localStorage, sessionFor(user, now, ageMinutes));
  const store = createSessionStore({ storage: window.localStorage, now: () => now, api });
  configureApi({
    hasSession: () => store.getSnapshot() !== null,
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
