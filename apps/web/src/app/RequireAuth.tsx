import { can, type RouteAccess, type RouteId } from '@nubes/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../routing';
import { NoAccess } from '../components/NoAccess';
import { loginPath } from '../auth/loginTarget';
import { useSession } from '../auth/SessionProvider';
import { principalOf } from '../auth/principal';

export interface RequireAuthProps {
  /** The permission the screen needs (portalManager always passes); 'public' lets everyone in. */
  permission: RouteAccess;
  /** The screen, named in a request for access from the "No access" notice. */
  route?: RouteId;
  children: ReactNode;
}

/**
 * Guards a screen: logged-out visitors of a protected one go to the login page with the full path
 * and query as redirect target; logged-in users without the permission see a notice (ADR 21).
 */
export const RequireAuth = ({ permission, route, children }: RequireAuthProps) => {
  const { session } = useSession();
  const location = useLocation();
  if (permission === 'public') return <>{children}</>;
  if (!session) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (!can(principalOf(session), permission)) return <NoAccess screen={route} />;
  return <>{children}</>;
};
