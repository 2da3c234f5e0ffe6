import type { Principal, StoredSession } from '@nubes/domain';

/**
 * The stored session as the domain's permission check sees it (roles are all `can()` reads), so
 * the web checks a screen with the same rule the server's access control uses (ADR 21).
 */
export const principalOf = (session: StoredSession | null): Principal | null =>
  session ? { id: session.username, username: session.username, roles: session.roles } : null;
