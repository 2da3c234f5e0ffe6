import { can, type RouteAccess } from '@nubes/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../routing';
import { NoAccess } from '../components/NoAccess';
import { loginPath } from './loginTarget';
import { useSession } from './SessionProvider';
import { principalOf } from './principal';

export interface RequireAuthProps {
  /** The permission the screen needs (portalManager always passes); 'public' lets everyone in. */
  permission: RouteAccess;
  children: ReactNode;
}

/**
 * Guards a screen: logged-out visitors of a protected one go to the login page with the full path
 * and query as redirect target; logged-in users without the permission see a notice (ADR 21).
 */
export const RequireAuth = ({ permission, children }: RequireAuthProps) => {
  const { session } = useSession();
  const location = useLocation();
  if (permission === 'public') return <>{children}</>;
  if (!session) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (!can(principalOf(session), permission)) return <NoAccess />;
  return <>{children}</>;
};
