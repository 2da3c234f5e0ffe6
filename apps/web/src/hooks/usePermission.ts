import { can, type Permission } from '@nubes/domain';
import { principalOf } from '../auth/principal';
import { useSession } from '../auth/SessionProvider';

/**
 * Whether the logged-in user holds a permission of the domain's table, the same check the
 * server's access control makes, so a screen hides exactly what the server would refuse.
 */
export const usePermission = (permission: Permission): boolean => {
  const { session } = useSession();
  return can(principalOf(session), permission);
};
