import { randomBytes } from 'node:crypto';
import { ACCOUNT_STATUS_CLAIM } from '@nubes/domain';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { devIdpClientSecret } from '../auth/oidc-client.js';
import { DEV_IDP_PATH, type Config } from '../config/config.js';
import type { Db } from '../db/client.js';
import { getOrCreateSecret } from '../db/secrets.js';
import { entitlementsFor, findDemoAccount, groupEntitlementsFor } from './accounts.js';
import { createPostgresAdapter } from './adapter.js';

const SCOPES = 'openid profile email eduperson_entitlement';

/** The real oidc-provider, configured as the AAI of a development portal. Never built in production. */
export const createDevIdentityProvider = async (config: Config, db: Db): Promise<Provider> => {
  if (config.env === 'production') throw new Error('The development identity provider never runs in production.');

  const clientSecret = await devIdpClientSecret(db);
  const cookieKeys = await getOrCreateSecret(db, 'dev-idp-cookie-keys', () => [randomBytes(32).toString('base64url')]);
  const jwks = await getOrCreateSecret(db, 'dev-idp-jwks', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const jwk = await exportJWK(privateKey);
    return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' }] };
  });

  const configuration: Configuration = {
    adapter: createPostgresAdapter(db),
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: clientSecret,
        redirect_uris: [`${config.publicUrl}/login-oauth/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    cookies: { keys: cookieKeys },
    jwks: jwks as Configuration['jwks'],
    pkce: { required: () => true },
    scopes: SCOPES.split(' '),
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username', 'schac_home_organization', ACCOUNT_STATUS_CLAIM],
      email: ['email', 'email_verified'],
      eduperson_entitlement: ['eduperson_entitlement'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_IDP_PATH}/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const account = findDemoAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          name: account.name,
          preferred_username: account.username,
          email: account.email,
          email_verified: true,
          schac_home_organization: account.organisation,
          ...(account.status ? { [ACCOUNT_STATUS_CLAIM]: account.status } : {}),
          eduperson_entitlement: [
            ...entitlementsFor(account, config.entitlements.prefix),
            ...groupEntitlementsFor(account, config.groups.prefix),
          ],
        }),
      };
    },
    // The portal is this IdP's only, first-party client: consent is implied, as at a real home AAI.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    ttl: {
      Session: 60 * 60,
      Interaction: 10 * 60,
      Grant: 60 * 60 * 24,
      AccessToken: 60 * 10,
      IdToken: 60 * 10,
      AuthorizationCode: 60,
    },
  };

  const provider = new Provider(config.oidc.issuer, configuration);
  // The mount sets X-Forwarded-Proto from the issuer itself (see routes.ts), so trusting it is safe.
  provider.proxy = true;
  return provider;
};
