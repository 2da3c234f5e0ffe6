import { ROUTES } from '@nubes/domain';
import { useLayoutEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { useSessionStore } from '../auth/SessionProvider';
import { Layout } from '../layout/Layout';
import { pageFor } from './pages';
import { RoutePage } from './RoutePage';

/**
 * After every route change (docs/domain.md#sessions) the login status is re-read (expired sessions end, old ones
 * renew). A layout effect runs before the browser paints, so a guard never shows a screen to a
 * session that has just expired. The first load is checked in main.tsx before the first render.
 */
const SessionCheckOnNavigation = () => {
  const store = useSessionStore();
  const { key, pathname, search } = useLocation();
  useLayoutEffect(() => {
    store.check();
  }, [store, key, pathname, search]);
  return null;
};

/**
 * Every route of the domain table under the shell layout. Declarative routes keep the router's
 * share of the first load small (the data-router machinery is about 16 KB gzip more).
 */
export const AppRoutes = () => (
  <>
    <SessionCheckOnNavigation />
    <Routes>
      <Route element={<Layout />}>
        {ROUTES.map((route) => (
          <Route key={route.id} path={route.path} element={<RoutePage route={route} page={pageFor(route.id)} />} />
        ))}
      </Route>
    </Routes>
  </>
);
