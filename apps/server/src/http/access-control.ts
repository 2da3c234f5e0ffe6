import {
  AUTH_COOKIE,
  can,
  isApiToken,
  mayHoldScope,
  negotiateLanguage,
  TOKEN_RATE_LIMIT,
  type RouteAccess,
  type TokenScope,
} from '@nubes/domain';
import { parseCookie } from 'cookie';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import { findApiToken, noteApiTokenUse } from '../auth/api-tokens.js';
import type { AuthUser } from '../auth/principal.js';
import { principalCacheFor } from '../auth/principal-cache.js';
import { sessionCacheFor } from '../auth/session-cache.js';
import { isLive } from '../auth/sessions.js';
import { createTokenRateLimit, type TokenRateLimit } from '../auth/token-rate-limit.js';
import type { TokenService } from '../auth/tokens.js';
import type { Db } from '../db/client.js';
import { createSameSiteCheck, isUnsafeMethod } from './cross-site.js';
import { forbidden, HttpError, unauthorized } from './http-error.js';
import './fastify-types.js';

interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, for the route and authorization-matrix tests. */
    routeRegistry: RegisteredRoute[];
  }
}

const bearerToken = (header: string | undefined): string | null => {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
};

export interface AccessControl {
  /**
   * The route's guard: an onRequest hook that authenticates the request and enforces the route's
   * declared access. It goes into the route's entry hook (./route-entry.ts), so it runs before the
   * body is even parsed: anonymous callers get 401 and callers without a role 403, whatever they sent.
   */
  guardFor(route: RouteOptions): onRequestHookHandler;
}

/**
 * Authentication and the routes' declared access, on the root instance: the request decorations,
 * the registry of every route's access, and the check at start that every route declares one.
 */
export const registerAccessControl = (
  app: FastifyInstance,
  options: { db: Db; tokens: TokenService; publicUrl: string; tokenRateLimit?: TokenRateLimit },
): AccessControl => {
  const registry: RegisteredRoute[] = [];
  const pending: RouteOptions[] = [];
  app.decorate('routeRegistry', registry);
  // Parsed only when something is translated: most answers never need it.
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return negotiateLanguage(this.headers['accept-language']);
    },
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionId', null);
  const principals = principalCacheFor(options.db);
  const sessions = sessionCacheFor(options.db);
  const sameSite = createSameSiteCheck(options.publicUrl);
  const rateLimit = options.tokenRateLimit ?? createTokenRateLimit(TOKEN_RATE_LIMIT);

  /**
   * A personal API token (docs/adr/0113-personal-api-tokens.md): its owner's principal as it is now,
   * narrowed to the token's scopes. Unknown, revoked and expired tokens are 401, each with its
   * words; a route whose scope the token lacks, or the owner may no longer hold, 403. A public
   * route ignores the token: it gets no principal there.
   */
  const tokenPrincipal = async (credential: string, scope: TokenScope | undefined, access: RouteAccess | undefined) => {
    const row = await findApiToken(options.db, credential);
    if (!row) throw unauthorized('errors.tokenUnknown');
    if (row.revokedAt) throw unauthorized('errors.tokenRevoked');
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) throw unauthorized('errors.tokenExpired');
    const owner = await principals.get(row.userId);
    if (!owner) throw unauthorized('errors.tokenRevoked');
    const wait = rateLimit.take(row.id);
    if (wait > 0) {
      throw new HttpError('too_many_requests', 'errors.tokenRateLimited', undefined, { 'retry-after': String(wait) });
    }
    await noteApiTokenUse(options.db, row, now);
    if (access === undefined || access === 'public') return null;
    if (!scope || !row.scopes.includes(scope) || !mayHoldScope(owner, scope)) throw forbidden('errors.tokenScope');
    const principal: AuthUser = { ...owner, token: { id: row.id, name: row.name, scopes: row.scopes } };
    return principal;
  };
  // Parsed here, for requests without a bearer token only, instead of by a cookie plugin's hooks on every request.
  const authCookie = (header: string | undefined): string | null =>
    header?.includes(AUTH_COOKIE) ? (parseCookie(header)[AUTH_COOKIE] ?? null) : null;

  const authorize = (request: FastifyRequest, access: RouteAccess | undefined): HttpError | undefined => {
    if (access === undefined || access === 'public') return undefined;
    if (!request.principal) return unauthorized();
    if (!can(request.principal, access)) return forbidden();
    return undefined;
  };

  /**
   * One guard per route, reading the route's own declaration (scopes that mark routes public run
   * their onRoute hook after this one, so it is read at request time). A callback hook: requests
   * without credentials, most public traffic, never wait on a promise.
   */
  const guardFor = (route: RouteOptions): onRequestHookHandler =>
    function guard(request, _reply, done) {
      const access = route.config?.access;
      const bearer = bearerToken(request.headers.authorization);
      const cookie = bearer ? null : authCookie(request.headers.cookie);
      // A write the browser could send by itself: one the cookie authenticates, or a login (public)
      // that would set it. Scripts send the bearer header, which no cross-site page can.
      if (
        !bearer &&
        (cookie || access === 'public') &&
        isUnsafeMethod(request.method) &&
        route.url.startsWith('/api/') &&
        !sameSite(request)
      ) {
        done(forbidden('errors.crossSite'));
        return;
      }
      if (bearer && isApiToken(bearer)) {
        tokenPrincipal(bearer, route.config?.scope, access).then(
          (principal) => {
            request.principal = principal;
            done(authorize(request, access));
          },
          (error: Error) => done(error),
        );
        return;
      }
      const token = bearer ?? cookie;
      if (!token) {
        done(authorize(request, access));
        return;
      }
      // The token names its session: an ended or expired one lets nobody in. Both are kept in
      // memory, so a session this process knows costs no query (ADR 0078).
      options.tokens
        .verify(token)
        .then(async (claims) => {
          if (!claims) return null;
          const session = await sessions.get(claims.sid);
          if (!isLive(session, Date.now()) || session.userId !== claims.sub) return null;
          const principal = await principals.get(claims.sub);
          if (principal) request.sessionId = session.id;
          return principal;
        })
        .then(
          (principal) => {
            request.principal = principal;
            done(authorize(request, access));
          },
          (error: Error) => done(error),
        );
    };

  app.addHook('onRoute', (route) => {
    pending.push(route);
  });

  app.addHook('onReady', async () => {
    for (const route of pending) {
      const access = route.config?.access;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) registry.push({ method, url: route.url, access });
      if (access === undefined) {
        throw new Error(`Route ${methods.join(',')} ${route.url} declares no access; add config.access.`);
      }
    }
  });
  return { guardFor };
};

/** Added in a scope whose routes are public by nature (static files, the dev IdP, API docs). */
export const markRoutesPublic = (route: RouteOptions) => {
  route.config = { ...route.config, access: route.config?.access ?? 'public' };
};
