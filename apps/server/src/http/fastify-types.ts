import type { Language, RouteAccess, TokenScope } from '@nubes/domain';
import type { AuthUser } from '../auth/principal.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every route declares who may call it; the access-control plugin refuses to start otherwise. */
    access?: RouteAccess;
    /** The scope a personal API token needs here; without one the route refuses tokens (docs/adr/0113-personal-api-tokens.md). */
    scope?: TokenScope;
  }
  interface FastifyRequest {
    language: Language;
    principal: AuthUser | null;
    /** The live session the request's credential names; null without one (docs/adr/0078-sessions-the-server-ends.md). */
    sessionId: string | null;
  }
}

export {};
