import { describe, expect, it } from 'vitest';
import { createDevIdentityProvider } from '../dev-idp/provider.js';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('uses the development defaults with the built-in IdP', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.devIdp).toBe(true);
    expect(config.oidc.issuer).toBe('http://localhost:8080/dev-idp');
    expect(config.admin).toEqual({ username: 'admin', password: 'admin' });
    expect(config.seedDemoData).toBe(true);
  });

  it('refuses production without OIDC settings and admin password, and says what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, ADMIN_PASSWORD/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        OIDC_ISSUER: 'https://aai.example',
        OIDC_CLIENT_ID: 'x',
        OIDC_CLIENT_SECRET: 'y',
      }),
    ).toThrow(/ADMIN_PASSWORD/);
  });

  it('never enables the dev IdP or demo data in production', async () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      OIDC_ISSUER: 'https://aai.example',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
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
