import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDevIdentityProvider } from '../dev-idp/provider.js';
import { ConfigError, loadConfig } from './config.js';

/** A production configuration with nothing to refuse; each test breaks one thing. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.org',
  JWT_SECRET: 'Zm9yLXRlc3RzLW9ubHktNDgtcmFuZG9tLWJ5dGVzLWJhc2U2NA',
  OIDC_ISSUER: 'https://aai.example.org/oidc',
  OIDC_CLIENT_ID: 'nubes-portal',
  OIDC_CLIENT_SECRET: 'client-secret-from-the-aai',
  ADMIN_PASSWORD: 'a-long-admin-password',
  TRUST_PROXY: '10.0.0.5, 10.1.0.0/16',
  SMTP_URL: 'smtps://portal:relay-secret@mail.example.org',
  MAIL_FROM: 'Nubes <portal@example.org>',
  DATABASE_URL: 'postgres://nubes:db-secret@db.example.org/nubes',
} as const;

const problemsOf = (env: Record<string, string | undefined>): ConfigError => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('configuration', () => {
  it('uses the development defaults with the built-in IdP', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.devIdp).toBe(true);
    expect(config.oidc.issuer).toBe('http://localhost:8080/dev-idp');
    expect(config.admin).toEqual({ username: 'admin', password: 'admin', passwordHashCost: 17 });
    expect(config.seedDemoData).toBe(true);
  });

  it('draws its own dark logo on the dark scheme, and an own logo on both unless a dark one is given', () => {
    expect(loadConfig({}).branding).toMatchObject({
      logoUrl: '/static/logo.svg',
      logoDarkUrl: '/static/logo-dark.svg',
    });
    expect(loadConfig({ LOGO_URL: '/brand.png' }).branding).toMatchObject({
      logoUrl: '/brand.png',
      logoDarkUrl: '/brand.png',
    });
    expect(loadConfig({ LOGO_URL: '/brand.png', LOGO_DARK_URL: '/brand-dark.png' }).branding.logoDarkUrl).toBe(
      '/brand-dark.png',
    );
  });

  it('reads the data dir and the web app’s folder relative to the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/portal', WEB_DIST: 'apps/web/dist' });
    expect(config.dataDir).toBe(path.join(process.cwd(), 'var/portal'));
    expect(config.webDist).toBe(path.join(process.cwd(), 'apps/web/dist'));
    expect(loadConfig({ WEB_DIST: '/srv/nubes/web' }).webDist).toBe('/srv/nubes/web');
  });

  it('refuses production without OIDC settings and admin password, and says what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET are missing/,
    );
    expect(() => loadConfig({ ...PRODUCTION, ADMIN_PASSWORD: undefined })).toThrow(/^ADMIN_PASSWORD is missing/);
  });

  it('names every production problem at once, one line each', () => {
    const error = problemsOf({ NODE_ENV: 'production', PORT: 'eighty' });
    expect(error.problems.map((problem) => problem.split(/[ =]/)[0])).toEqual([
      'PUBLIC_URL',
      'JWT_SECRET',
      'OIDC_ISSUER,',
      'ADMIN_PASSWORD',
      'PORT',
    ]);
    expect(error.message).toMatch(/^5 settings need attention:\n {2}- PUBLIC_URL is missing/);
  });

  it('starts in production with a complete, safe configuration', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(config.publicUrl).toBe('https://portal.example.org');
  });

  it.each([
    ['JWT_SECRET missing', { JWT_SECRET: undefined }, /^JWT_SECRET is missing.*at least 32 bytes/],
    ['JWT_SECRET short', { JWT_SECRET: 'x'.repeat(31) }, /^JWT_SECRET has 31 bytes/],
    [
      'JWT_SECRET the placeholder',
      { JWT_SECRET: 'replace-me-with-48-random-bytes-in-base64-please!' },
      /^JWT_SECRET.*placeholder/,
    ],
    ['PUBLIC_URL missing', { PUBLIC_URL: undefined }, /^PUBLIC_URL is missing/],
    ['PUBLIC_URL http', { PUBLIC_URL: 'http://portal.example.org' }, /^PUBLIC_URL must be an https:\/\/ address/],
    ['PUBLIC_URL with a path', { PUBLIC_URL: 'https://example.org/portal' }, /^PUBLIC_URL must be the portal's origin/],
    ['OIDC_CLIENT_SECRET missing', { OIDC_CLIENT_SECRET: undefined }, /^OIDC_CLIENT_SECRET is missing/],
    ['OIDC_ISSUER http', { OIDC_ISSUER: 'http://aai.example.org' }, /^OIDC_ISSUER must be an https/],
    ['OIDC_CLIENT_SECRET placeholder', { OIDC_CLIENT_SECRET: 'replace-me' }, /^OIDC_CLIENT_SECRET.*placeholder/],
    ['ADMIN_PASSWORD short', { ADMIN_PASSWORD: 'short' }, /^ADMIN_PASSWORD must have at least 12/],
    [
      'ADMIN_PASSWORD the name',
      { ADMIN_USERNAME: 'portal-admin1', ADMIN_PASSWORD: 'portal-admin1' },
      /^ADMIN_PASSWORD is/,
    ],
    ['PASSWORD_HASH_COST below the minimum', { PASSWORD_HASH_COST: '12' }, /^PASSWORD_HASH_COST=12 is below 17/],
    ['TRUST_PROXY=true', { TRUST_PROXY: 'true' }, /^TRUST_PROXY=true trusts X-Forwarded-\* from every address/],
    ['TRUST_PROXY everyone', { TRUST_PROXY: '10.0.0.5,0.0.0.0/0' }, /^TRUST_PROXY=.*every address/],
    ['SMTP_URL without MAIL_FROM', { MAIL_FROM: undefined }, /^MAIL_FROM is missing while SMTP_URL is set/],
    [
      'SMTP password in clear',
      { SMTP_URL: 'smtp://u:pw@mail.example.org?ignoreTLS=true' },
      /^SMTP_URL sends .* without TLS/,
    ],
    [
      'DATABASE_URL placeholder',
      { DATABASE_URL: 'postgres://nubes:replace-me@db/nubes' },
      /^DATABASE_URL.*placeholder/,
    ],
  ])('refuses production with %s, naming the setting', (_, change, message) => {
    const error = problemsOf({ ...PRODUCTION, ...change });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(message);
  });

  it('never repeats a secret it refuses', () => {
    const error = problemsOf({
      ...PRODUCTION,
      JWT_SECRET: 'short-jwt-secret',
      ADMIN_PASSWORD: 'tiny-pw',
      SMTP_URL: 'smtp://mailer:relay-password@mail.example.org?ignoreTLS=true',
      MAIL_FROM: undefined,
    });
    expect(error.problems).toHaveLength(4);
    for (const secret of ['short-jwt-secret', 'tiny-pw', 'relay-password', 'mailer'])
      expect(error.message).not.toContain(secret);
  });

  it("reads TRUST_PROXY as a switch or as the proxies' addresses and networks", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' loopback, 10.0.0.0/8 ,::1, fd00::/8' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0.300', 'proxy.example.org', '10.0.0.0/8/1', ','])
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(/^TRUST_PROXY must be false or/);
  });

  it('never enables the dev IdP or demo data in production', async () => {
    const config = loadConfig({ ...PRODUCTION, SEED_DEMO_DATA: 'true', HOST: undefined });
    expect(config.devIdp).toBe(false);
    expect(config.seedDemoData).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    await expect(createDevIdentityProvider(config, null as never)).rejects.toThrow(/never runs in production/);
  });

  it('uses a configured IdP outside production too, and needs its client credentials', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://aai.example' })).toThrow(/OIDC_CLIENT_ID/);
    const config = loadConfig({ OIDC_ISSUER: 'https://aai.example/', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' });
    expect(config.devIdp).toBe(false);
    expect(config.oidc.issuer).toBe('https://aai.example');
  });

  it('validates the entitlement map and port', () => {
    expect(() => loadConfig({ OIDC_ENTITLEMENT_ROLES: '{"urn:x":"emperor"}' })).toThrow(/unknown role/);
    expect(() => loadConfig({ OIDC_ENTITLEMENT_ROLES: 'nope' })).toThrow(ConfigError);
    expect(loadConfig({ OIDC_ENTITLEMENT_ROLES: '{"urn:x":"voManager"}' }).entitlements.map).toEqual({
      'urn:x': 'voManager',
    });
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads the outgoing mail settings, and never repeats an SMTP URL it refuses', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: undefined, from: 'Nubes <noreply@localhost>', leaseSeconds: 300 });
    const configured = loadConfig({
      SMTP_URL: 'smtp://user:secret@mail.example:2525',
      MAIL_FROM: 'portal@x.example',
      MAIL_LEASE_SECONDS: '60',
    });
    expect(configured.mail).toEqual({
      smtpUrl: 'smtp://user:secret@mail.example:2525',
      from: 'portal@x.example',
      leaseSeconds: 60,
    });
    // Not a whole positive number of seconds: the default.
    expect(loadConfig({ MAIL_LEASE_SECONDS: '0.5' }).mail.leaseSeconds).toBe(300);
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example' })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: 'ftp://user:secret@mail.example' });
    } catch (error) {
      expect(String(error)).not.toContain('secret');
    }
  });

  it("reads the admin password's hash cost: OWASP's minimum unless set, cheaper only outside production", () => {
    expect(loadConfig({}).admin.passwordHashCost).toBe(17);
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).admin.passwordHashCost).toBe(10);
    expect(loadConfig({ ...PRODUCTION, PASSWORD_HASH_COST: '18' }).admin.passwordHashCost).toBe(18);
    for (const bad of ['9', '21', '17.5', 'strong'])
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(/^PASSWORD_HASH_COST must be a whole number/);
  });

  it('reads the requests an API token may make per window: 120 unless a whole number above 0 is set', () => {
    expect(loadConfig({}).apiTokens.rateLimit).toBe(120);
    expect(loadConfig({ API_TOKEN_RATE_LIMIT: '1000' }).apiTokens.rateLimit).toBe(1000);
    for (const bad of ['0', '-5', '2.5', 'many'])
      expect(loadConfig({ API_TOKEN_RATE_LIMIT: bad }).apiTokens.rateLimit).toBe(120);
  });

  it('reads the networks that may read the metrics, and refuses what is not one', () => {
    expect(loadConfig({}).metrics.allow).toEqual([]);
    expect(loadConfig({ METRICS_ALLOW: ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8' }).metrics.allow).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'fd00::/8',
    ]);
    for (const bad of ['10.0.0.0/33', 'prometheus.internal', '10.0.0.0/8/1', 'fd00::/129'])
      expect(() => loadConfig({ METRICS_ALLOW: bad }), bad).toThrow(/METRICS_ALLOW/);
  });

  it('reads the VO entitlement and the AAI policy documents, with defaults', () => {
    const defaults = loadConfig({}).vos;
    expect(defaults.entitlement).toEqual({ namespace: 'nubes.example', authority: 'aai.nubes.example' });
    expect(defaults.policies.length).toBeGreaterThan(0);
    const configured = loadConfig({
      VO_ENTITLEMENT_NAMESPACE: 'alliance.example.org',
      VO_ENTITLEMENT_AUTHORITY: 'login.alliance.example.org',
      VO_AAI_POLICIES: '[{"name":" AAI policy ","url":"https://aai.example.org/policy"}]',
    }).vos;
    expect(configured).toEqual({
      entitlement: { namespace: 'alliance.example.org', authority: 'login.alliance.example.org' },
      policies: [{ name: 'AAI policy', url: 'https://aai.example.org/policy' }],
    });
    expect(() => loadConfig({ VO_ENTITLEMENT_NAMESPACE: 'a b' })).toThrow(/VO_ENTITLEMENT_NAMESPACE/);
    expect(() => loadConfig({ VO_ENTITLEMENT_AUTHORITY: 'x#y' })).toThrow(/VO_ENTITLEMENT_AUTHORITY/);
    expect(() => loadConfig({ VO_AAI_POLICIES: 'nope' })).toThrow(/VO_AAI_POLICIES/);
    expect(() => loadConfig({ VO_AAI_POLICIES: '[]' })).toThrow(/VO_AAI_POLICIES/);
    expect(() => loadConfig({ VO_AAI_POLICIES: '[{"name":"x","url":"ftp://x"}]' })).toThrow(/VO_AAI_POLICIES/);
  });
});
