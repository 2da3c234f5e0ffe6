import { routeTitleKey, type RouteDefinition } from '@nubes/domain';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { RequireAuth } from './RequireAuth';
import { PageTitleContext, useDocumentTitle } from '../hooks/useDocumentTitle';
import { PageLoader } from '../components/PageLoader';
import { ScreenMessages } from '../i18n/ScreenMessages';
import type { PageProps } from '../pages/PageProps';

const MantineStyles = lazy(() =>
  import('../components/MantineStyles').then((module) => ({ default: module.MantineStyles })),
);

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
          {/* Public screens show the catalogues' shell part and the shell's stylesheets only; every
          other route waits for the screens part and Mantine's whole stylesheet, so a new logged-in
          screen needs nothing here (ADR 0026, ADR 0086). */}
          {route.permission !== 'public' && (
            <>
              <ScreenMessages />
              <MantineStyles />
            </>
          )}
          <Page routeId={route.id} />
        </Suspense>
      </RequireAuth>
    </PageTitleContext>
  );
};
