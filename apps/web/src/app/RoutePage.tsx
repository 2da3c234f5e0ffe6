import { routeTitleKey, type RouteDefinition } from '@nubes/domain';
import { Suspense, type ComponentType } from 'react';
import { RequireAuth } from '../auth/RequireAuth';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { PageLoader } from '../pages/PageLoader';
import type { PageProps } from '../pages/PageProps';

export interface RoutePageProps {
  route: RouteDefinition;
  /** The (lazily loaded) screen; chosen once per route in router.tsx, never during render. */
  page: ComponentType<PageProps>;
}

/** One entry of the domain route table on screen: document title, access rule, then the page. */
export const RoutePage = ({ route, page: Page }: RoutePageProps) => {
  useDocumentTitle(routeTitleKey(route.id));
  const content = (
    <Suspense fallback={<PageLoader />}>
      <Page routeId={route.id} />
    </Suspense>
  );
  if (route.access === 'public') return content;
  return <RequireAuth roles={route.roles}>{content}</RequireAuth>;
};
