import { routeTitleKey, type RouteDefinition } from '@nubes/domain';
import { Suspense, useState, type ComponentType } from 'react';
import { RequireAuth } from '../auth/RequireAuth';
import { PageTitleContext, useDocumentTitle } from '../hooks/useDocumentTitle';
import { PageLoader } from '../components/PageLoader';
import { ScreenMessages } from '../i18n/ScreenMessages';
import type { PageProps } from '../pages/PageProps';

export interface RoutePageProps {
  route: RouteDefinition;
  /** The (lazily loaded) screen; chosen once per route in router.tsx, never during render. */
  page: ComponentType<PageProps>;
}

/** One entry of the domain route table on screen: document title, permission check, then the page. */
export const RoutePage = ({ route, page: Page }: RoutePageProps) => {
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  useDocumentTitle(routeTitleKey(route.id), pageTitle);
  return (
    <PageTitleContext value={setPageTitle}>
      <RequireAuth permission={route.permission} route={route.id}>
        <Suspense fallback={<PageLoader />}>
          {/* Public screens show the catalogues' shell part only; every other route waits for the
          screens part, so a new logged-in screen needs nothing here (ADR 0026). */}
          {route.permission !== 'public' && <ScreenMessages />}
          <Page routeId={route.id} />
        </Suspense>
      </RequireAuth>
    </PageTitleContext>
  );
};
