import { hasAnyRole, type Role } from '@nubes/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NoAccess } from '../pages/NoAccess';
import { loginPath } from './loginTarget';
import { useSession } from './SessionProvider';

export interface RequireAuthProps {
  /** When set, the user also needs one of these roles (portalManager always passes). */
  roles?: readonly Role[] | undefined;
  children: ReactNode;
}

/**
 * Guards a protected screen: logged-out visitors go to the login page with the full path and
 * query as redirect target (SPEC §2); logged-in users without a fitting role see a notice.
 */
export const RequireAuth = ({ roles, children }: RequireAuthProps) => {
  const { session } = useSession();
  const location = useLocation();
  if (!session) {
    return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  }
  if (roles && !hasAnyRole(session.roles, roles)) return <NoAccess />;
  return <>{children}</>;
};
