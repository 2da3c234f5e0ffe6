import { ROUTES } from '@nubes/domain';
import { useLayoutEffect } from 'react';
import { Route, Routes, useLocation } from '../routing';
import { LoginStatusSync } from '../auth/LoginStatusSync';
import { useSessionStore } from '../auth/SessionProvider';
import { Layout } from '../layout/Layout';
import { pageFor } from './pages';
import { RoutePage } from './RoutePage';

/**
 * After every route change (docs/domain.md#sessions) the login status is re-read (expired sessions end, old ones
 * renew; LoginStatusSync reads the roles again). A layout effect runs before the browser paints, so a guard never shows a screen to a
 * session that has just expired. The first load is checked in main.tsx before the first render.
 */
const SessionCheckOnNavigation = () => {
  const store = useSessionStore();
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    store.check();
  }, [store, pathname, search]);
  return null;
};

/**
 * Every route of the domain table in the shell layout. The first route that matches wins (the
 * table lists the catch-all last); the router is a small one (ADR 0025).
 */
export const AppRoutes = () => (
  <>
    <SessionCheckOnNavigation />
    <LoginStatusSync />
    <Layout>
      <Routes>
        {ROUTES.map((route) => (
          <Route key={route.id} path={route.path}>
            <RoutePage route={route} page={pageFor(route.id)} />
          </Route>
        ))}
      </Routes>
    </Layout>
  </>
);
