import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATUS_CLAIM, groupsFromEntitlements, type OAuthFinishRequest } from '@nubes/domain';
import { eq, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { SsoClaims } from './sso-claims.js';
import type { Config } from '../config/config.js';
import type { Db } from '../db/client.js';
import { getOrCreateSecret } from '../db/secrets.js';
import { oauthSessions } from '../db/schema.js';
import { HttpError, unauthorized } from '../http/http-error.js';

/** The built-in dev IdP's client secret, generated once and kept in the database; its provider reads the same. */
export const devIdpClientSecret = (db: Db): Promise<string> =>
  getOrCreateSecret(db, 'dev-idp-client-secret', () => randomBytes(32).toString('base64url'));
const SESSION_TTL_MS = 10 * 60_000;

export interface OidcRelyingParty {
  start(publicUrl: string): Promise<{ session: string; next_url: string }>;
  finish(request: OAuthFinishRequest): Promise<SsoClaims>;
}

export interface RelyingPartyOptions {
  config: Config;
  db: Db;
  /**
   * Where this process itself listens. The built-in dev IdP is reached there, because the public
   * address (e.g. localhost behind a proxy) need not resolve to this process from inside it.
   */
  internalOrigin?: () => string | undefined;
}

const normalizeUrl = (value: string) => value.replace(/\/+$/, '');

export const createOidcRelyingParty = ({ config, db, internalOrigin }: RelyingPartyOptions): OidcRelyingParty => {
  let configuration: Promise<oidc.Configuration> | null = null;
  const redirectUri = `${config.publicUrl}/login-oauth/oidc`;

  const discover = async (): Promise<oidc.Configuration> => {
    const secret = config.oidc.clientSecret ?? (await devIdpClientSecret(db));
    const options: oidc.DiscoveryRequestOptions = { timeout: 10 };
    if (config.devIdp) {
      const publicOrigin = new URL(config.publicUrl).origin;
      options.execute = [oidc.allowInsecureRequests];
      options[oidc.customFetch] = (url, init) => {
        const origin = internalOrigin?.();
        const target = origin && url.startsWith(publicOrigin) ? origin + url.slice(publicOrigin.length) : url;
        return fetch(target, init as RequestInit);
      };
    }
    return oidc.discovery(
      new URL(config.oidc.issuer),
      config.oidc.clientId,
      undefined,
      oidc.ClientSecretBasic(secret),
      options,
    );
  };

  // Discovery is retried on the next login after a failure instead of poisoning the process.
  const getConfiguration = () => {
    configuration ??= discover().catch((error: unknown) => {
      configuration = null;
      throw error;
    });
    return configuration;
  };

  const checkPublicUrl = (publicUrl: string) => {
    if (normalizeUrl(publicUrl) !== normalizeUrl(config.publicUrl)) {
      throw new HttpError('invalid_input', 'errors.publicUrl', { publicUrl: 'errors.publicUrl' });
    }
  };

  return {
    start: async (publicUrl) => {
      checkPublicUrl(publicUrl);
      let server: oidc.Configuration;
      try {
        server = await getConfiguration();
      } catch {
        throw new HttpError('unavailable');
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const session = randomBytes(32).toString('base64url');
      await db.delete(oauthSessions).where(lt(oauthSessions.expiresAt, sql`now()`));
      await db.insert(oauthSessions).values({
        id: session,
        provider: 'oidc',
        state,
        nonce,
        codeVerifier,
        redirectUri,
        expiresAt: new Date(Date.now() + SESSION_TTL_MS),
      });
      const url = oidc.buildAuthorizationUrl(server, {
        redirect_uri: redirectUri,
        scope: config.oidc.scopes,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return { session, next_url: url.href };
    },

    finish: async (request) => {
      checkPublicUrl(request.publicUrl);
      // Single use: the row is gone whether the exchange below succeeds or not.
      const [stored] = await db.delete(oauthSessions).where(eq(oauthSessions.id, request.session)).returning();
      if (!stored || stored.expiresAt.getTime() < Date.now()) throw unauthorized('errors.oauthSession');
      if (stored.state !== request.qs.state) throw unauthorized('errors.oauthState');

      try {
        const server = await getConfiguration();
        const currentUrl = new URL(stored.redirectUri);
        currentUrl.searchParams.set('code', request.qs.code);
        currentUrl.searchParams.set('state', request.qs.state);
        // The web app's finishing call carries only code and state. With one configured IdP there is no
        // mix-up to detect, so a missing RFC 9207 `iss` is taken to be that IdP; a wrong one fails.
        if (server.serverMetadata().authorization_response_iss_parameter_supported) {
          currentUrl.searchParams.set('iss', request.qs.iss ?? server.serverMetadata().issuer);
        }
        const tokens = await oidc.authorizationCodeGrant(server, currentUrl, {
          pkceCodeVerifier: stored.codeVerifier,
          expectedState: stored.state,
          expectedNonce: stored.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no id token');
        const userinfo = server.serverMetadata().userinfo_endpoint
          ? await oidc.fetchUserInfo(server, tokens.access_token, claims.sub)
          : {};
        const merged: Record<string, unknown> = { ...claims, ...userinfo };
        const str = (key: string) => (typeof merged[key] === 'string' ? (merged[key] as string) : undefined);
        return {
          issuer: claims.iss,
          sub: claims.sub,
          preferredUsername: str('preferred_username'),
          name: str('name') ?? ([str('given_name'), str('family_name')].filter(Boolean).join(' ') || undefined),
          email: str('email'),
          entitlements: merged.eduperson_entitlement,
          groups: groupsFromEntitlements(merged.eduperson_entitlement, config.groups.prefix),
          // Multi-valued at some federations: the first value is the home organisation.
          organisation: [merged.schac_home_organization]
            .flat()
            .find((value): value is string => typeof value === 'string'),
          accountStatus: str(ACCOUNT_STATUS_CLAIM),
        };
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw unauthorized('errors.oauthFailed');
      }
    },
  };
};
