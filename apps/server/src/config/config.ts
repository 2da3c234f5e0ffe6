import { fileURLToPath } from 'node:url';
import path from 'node:path';
import {
  DEFAULT_AAI_POLICY_DOCUMENTS,
  DEFAULT_VO_ENTITLEMENT,
  isRole,
  TOKEN_RATE_LIMIT,
  type AaiPolicyDocument,
  type Role,
  type VoEntitlementSettings,
} from '@nubes/domain';
import { MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from '../auth/password.js';
import { ConfigError } from './config-error.js';
import { productionProblems } from './production-checks.js';
import { commaList, isNetwork, parseTrustProxy } from './trust-proxy.js';

export { ConfigError };

type RuntimeEnv = 'development' | 'production' | 'test';

interface OidcClientConfig {
  issuer: string;
  clientId: string;
  /** Null for the built-in dev IdP, whose secret is generated once and kept in the database. */
  clientSecret: string | null;
  scopes: string;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));
export const DEV_IDP_PATH = '/dev-idp';
/** The development clock's routes, beside the development IdP (dev-idp/clock-routes.ts). */
export const DEV_CLOCK_PATH = '/dev-clock';
const DEV_IDP_CLIENT_ID = 'nubes-portal';

const parsePort = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new ConfigError(`PORT must be a port number, not "${value}".`);
  return port;
};

const parseUrl = (name: string, value: string): string => {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http(s) URL, not "${value}".`);
  return url.toString().replace(/\/$/, '');
};

const parsePasswordHashCost = (value: string | undefined): number => {
  if (value === undefined || value === '') return MIN_PASSWORD_HASH_COST;
  const cost = Number(value);
  if (!Number.isInteger(cost) || cost < 10 || cost > MAX_PASSWORD_HASH_COST)
    throw new ConfigError(
      `PASSWORD_HASH_COST must be a whole number from 10 to ${MAX_PASSWORD_HASH_COST} (log2 of scrypt's N), not "${value}".`,
    );
  return cost;
};

/** A setting's JSON, or the ConfigError that says its form. */
const parseJson = (value: string, form: string): unknown => {
  try {
    return JSON.parse(value);
  } catch {
    throw new ConfigError(form);
  }
};

const ENTITLEMENT_MAP_FORM = 'OIDC_ENTITLEMENT_ROLES must be a JSON object {"<entitlement>": "<role>"}.';

const parseEntitlementMap = (value: string | undefined): Record<string, Role> => {
  if (!value) return {};
  const parsed = parseJson(value, ENTITLEMENT_MAP_FORM);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ConfigError(ENTITLEMENT_MAP_FORM);
  const map: Record<string, Role> = {};
  for (const [entitlement, role] of Object.entries(parsed)) {
    if (!isRole(role)) throw new ConfigError(`OIDC_ENTITLEMENT_ROLES maps to the unknown role "${String(role)}".`);
    map[entitlement] = role;
  }
  return map;
};

// A URN's namespace-specific part, kept to what a host name or an identifier holds, so the entitlement stays one URN.
const URN_PART = /^[A-Za-z0-9][A-Za-z0-9.:_-]*$/;

const parseUrnPart = (name: string, value: string): string => {
  if (!URN_PART.test(value) || value.includes('#'))
    throw new ConfigError(`${name} may hold only letters, digits, ".", ":", "_" and "-", not "${value}".`);
  return value;
};

const POLICIES_FORM = 'VO_AAI_POLICIES must be a JSON array [{"name": "…", "url": "https://…"}].';

const parseAaiPolicies = (value: string | undefined): readonly AaiPolicyDocument[] => {
  if (!value) return DEFAULT_AAI_POLICY_DOCUMENTS;
  const parsed = parseJson(value, POLICIES_FORM);
  if (!Array.isArray(parsed) || parsed.length === 0) throw new ConfigError(POLICIES_FORM);
  return parsed.map((entry: unknown) => {
    const { name, url } = (entry ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || name.trim() === '' || typeof url !== 'string') throw new ConfigError(POLICIES_FORM);
    return { name: name.trim(), url: parseUrl('VO_AAI_POLICIES', url) };
  });
};

const parseSmtpUrl = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  const url = URL.canParse(value) ? new URL(value) : null;
  // The value may hold a password: the message never repeats it.
  if ((url?.protocol !== 'smtp:' && url?.protocol !== 'smtps:') || !url.hostname)
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL.');
  return value;
};

const parseNetworks = (name: string, value: string | undefined): readonly string[] => {
  const entries = commaList(value);
  const bad = entries.find((entry) => !isNetwork(entry));
  if (bad !== undefined)
    throw new ConfigError(`${name} must list addresses or networks like 10.0.0.0/8 or fd00::/8, not "${bad}".`);
  return entries;
};

/** The portal's settings, read from the environment once at start (docs/deployment.md lists them). */
export type Config = ReturnType<typeof loadConfig>;

export const loadConfig = (env: NodeJS.ProcessEnv = process.env) => {
  const runtime: RuntimeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const production = runtime === 'production';

  const problems: string[] = production ? productionProblems(env) : [];
  // Each setting is read on its own, so one wrong value never hides the next.
  const read = <T>(parse: () => T, fallback: T): T => {
    try {
      return parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems.push(...error.problems);
      return fallback;
    }
  };

  const urnPart = (name: string, value: string | undefined, part: keyof VoEntitlementSettings) =>
    value ? read(() => parseUrnPart(name, value), DEFAULT_VO_ENTITLEMENT[part]) : DEFAULT_VO_ENTITLEMENT[part];

  const port = read(() => parsePort(env.PORT, 8080), 8080);
  const host = env.HOST || (production ? '0.0.0.0' : '127.0.0.1');
  const fallbackUrl = `http://localhost:${port}`;
  const publicUrl = read(() => parseUrl('PUBLIC_URL', env.PUBLIC_URL || fallbackUrl), fallbackUrl);
  const devIdp = !env.OIDC_ISSUER && !production;
  const scopes = env.OIDC_SCOPES || 'openid profile email eduperson_entitlement';
  const oidc: OidcClientConfig = devIdp
    ? { issuer: `${publicUrl}${DEV_IDP_PATH}`, clientId: DEV_IDP_CLIENT_ID, clientSecret: null, scopes }
    : {
        issuer: env.OIDC_ISSUER ? read(() => parseUrl('OIDC_ISSUER', env.OIDC_ISSUER ?? ''), '') : '',
        clientId: env.OIDC_CLIENT_ID ?? '',
        clientSecret: env.OIDC_CLIENT_SECRET ?? '',
        scopes,
      };
  // Production names each missing OIDC setting itself (productionProblems).
  if (!devIdp && !production && (!oidc.clientId || !oidc.clientSecret)) {
    problems.push('OIDC_ISSUER is set: set OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too.');
  }

  const config = {
    env: runtime,
    port,
    host,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    /** The federated AAI; when devIdp is true it points at the built-in provider under /dev-idp. */
    oidc,
    devIdp,
    /** `passwordHashCost` is log2 of scrypt's N for the admin's hash (PASSWORD_HASH_COST; auth/password.ts). */
    admin: {
      username: env.ADMIN_USERNAME || 'admin',
      password: env.ADMIN_PASSWORD || 'admin',
      passwordHashCost: read(() => parsePasswordHashCost(env.PASSWORD_HASH_COST), MIN_PASSWORD_HASH_COST),
    },
    /** Configured token signing secret; otherwise one is generated once and kept in the database. */
    jwtSecret: env.JWT_SECRET || undefined,
    entitlements: {
      prefix: env.OIDC_ENTITLEMENT_PREFIX ?? 'urn:geant:nubes.example:role:',
      map: read(() => parseEntitlementMap(env.OIDC_ENTITLEMENT_ROLES), {}),
    },
    branding: {
      productName: env.PRODUCT_NAME || 'Nubes',
      logoUrl: env.LOGO_URL || '/static/logo.svg',
      /** The logo on the dark colour scheme; an own LOGO_URL stays on both schemes unless LOGO_DARK_URL is set too. */
      logoDarkUrl: env.LOGO_DARK_URL || env.LOGO_URL || '/static/logo-dark.svg',
      links: {
        legalNotice: env.LINK_LEGAL_NOTICE || 'https://nubes.example/legal-notice',
        privacy: env.LINK_PRIVACY || 'https://nubes.example/privacy',
        accessibility: env.LINK_ACCESSIBILITY || 'https://nubes.example/accessibility',
        team: env.LINK_TEAM || 'https://nubes.example/team',
        news: env.LINK_NEWS || 'https://nubes.example/news',
        helpdesk: env.LINK_HELPDESK || 'mailto:helpdesk@nubes.example',
        about: env.LINK_ABOUT || 'https://nubes.example/about',
      },
    },
    // Relative to the working directory, as DATA_DIR: the static file server takes absolute paths only.
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
    logLevel: env.LOG_LEVEL || (runtime === 'test' ? 'silent' : 'info'),
    seedDemoData: !production && env.SEED_DEMO_DATA !== 'false',
    /** Fastify's trustProxy: false, true (development only) or the reverse proxies' addresses and networks. */
    trustProxy: read(() => parseTrustProxy(env.TRUST_PROXY), false),
    /** Who reads /api/metrics without a portalManager's token besides the loopback: addresses and networks (METRICS_ALLOW). */
    metrics: { allow: read(() => parseNetworks('METRICS_ALLOW', env.METRICS_ALLOW), []) },
    login: {
      maxFailures: Number(env.LOGIN_MAX_FAILURES) > 0 ? Number(env.LOGIN_MAX_FAILURES) : 5,
      windowMinutes: Number(env.LOGIN_WINDOW_MINUTES) > 0 ? Number(env.LOGIN_WINDOW_MINUTES) : 15,
    },
    /**
     * Requests per API token per window (docs/adr/0113-personal-api-tokens.md); an operator may
     * raise it, and the bench does, to measure the token check rather than the limit.
     */
    apiTokens: {
      rateLimit:
        Number.isInteger(Number(env.API_TOKEN_RATE_LIMIT)) && Number(env.API_TOKEN_RATE_LIMIT) > 0
          ? Number(env.API_TOKEN_RATE_LIMIT)
          : TOKEN_RATE_LIMIT.requests,
    },
    /** Outgoing mail; without an SMTP URL mails stay in the outbox. The URL holds credentials: never log it. */
    mail: {
      smtpUrl: read(() => parseSmtpUrl(env.SMTP_URL), undefined),
      from: env.MAIL_FROM || `${env.PRODUCT_NAME || 'Nubes'} <noreply@${new URL(publicUrl).hostname}>`,
      /**
       * How long a worker's claim on a mail holds (docs/adr/0050-durability-and-racing-edits.md): a mail
       * claimed by a process that died goes out again after it. Longer than one SMTP conversation.
       */
      leaseSeconds:
        Number.isInteger(Number(env.MAIL_LEASE_SECONDS)) && Number(env.MAIL_LEASE_SECONDS) > 0
          ? Number(env.MAIL_LEASE_SECONDS)
          : 300,
    },
    /** Webhook deliveries (docs/adr/0120-event-feed-and-signed-webhooks.md). */
    webhooks: {
      /**
       * Whether endpoints may lead to loopback, link-local or private addresses: refused in
       * production unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true, allowed elsewhere unless it is `false`.
       */
      allowPrivateTargets: env.WEBHOOK_ALLOW_PRIVATE_TARGETS
        ? env.WEBHOOK_ALLOW_PRIVATE_TARGETS === 'true'
        : !production,
      /** How long a worker's claim on a delivery holds; one a killed process held is sent again after it. */
      leaseSeconds:
        Number.isInteger(Number(env.WEBHOOK_LEASE_SECONDS)) && Number(env.WEBHOOK_LEASE_SECONDS) > 0
          ? Number(env.WEBHOOK_LEASE_SECONDS)
          : 300,
    },
    /** `<prefix><group>[:<subgroup>…]` eduperson_entitlement values are group memberships (ADR 0038); empty: none. */
    groups: { prefix: env.OIDC_GROUP_PREFIX ?? 'urn:geant:nubes.example:group:' },
    /** VO registration: the AARC-G069 entitlement's parts and the AAI's policy documents (docs/adr/0040-vo-registration.md). */
    vos: {
      entitlement: {
        namespace: urnPart('VO_ENTITLEMENT_NAMESPACE', env.VO_ENTITLEMENT_NAMESPACE, 'namespace'),
        authority: urnPart('VO_ENTITLEMENT_AUTHORITY', env.VO_ENTITLEMENT_AUTHORITY, 'authority'),
      },
      policies: read(() => parseAaiPolicies(env.VO_AAI_POLICIES), DEFAULT_AAI_POLICY_DOCUMENTS),
    },
  };
  if (problems.length > 0) throw new ConfigError([...new Set(problems)]);
  return config;
};
