import { MIN_PASSWORD_HASH_COST } from '../auth/password.js';
import { parseTrustProxy, trustsEveryAddress } from './trust-proxy.js';

/** HS256 keys shorter than the hash (32 bytes) are guessable offline from any one token. */
const MIN_JWT_SECRET_BYTES = 32;
const MIN_ADMIN_PASSWORD_LENGTH = 12;
/** What the example environment file (deploy/portal.env.example) holds where a secret belongs. */
const PLACEHOLDER = /replace[-_]?me/i;

const urlOf = (value: string): URL | null => (URL.canParse(value) ? new URL(value) : null);

const publicUrlProblems = (value: string | undefined): string[] => {
  if (!value)
    return [
      'PUBLIC_URL is missing: set the https address people reach the portal at (e.g. https://portal.example.org); ' +
        "the AAI's return address and the links in mails are built from it.",
    ];
  const url = urlOf(value);
  // A value that is no URL at all is named by the general check (config.ts).
  if (!url) return [];
  const problems: string[] = [];
  if (url.protocol !== 'https:')
    problems.push(
      `PUBLIC_URL must be an https:// address in production, not ${url.protocol}//…: ` +
        'sign-in codes and tokens travel over it.',
    );
  if (url.pathname !== '/' || url.search || url.hash)
    problems.push(
      `PUBLIC_URL must be the portal's origin without a path (e.g. ${url.origin}): the portal is served at the root.`,
    );
  return problems;
};

const oidcProblems = (env: NodeJS.ProcessEnv): string[] => {
  // Read by name, so the settings table's test (settings-table.once.test.ts) sees every setting.
  const settings = {
    OIDC_ISSUER: env.OIDC_ISSUER,
    OIDC_CLIENT_ID: env.OIDC_CLIENT_ID,
    OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET,
  };
  const missing = Object.entries(settings)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  const problems =
    missing.length === 0
      ? []
      : [
          `${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} missing: production signs people in at the ` +
            'federated AAI only (the development IdP never runs there); set OIDC_ISSUER, OIDC_CLIENT_ID and ' +
            'OIDC_CLIENT_SECRET to the client registered there (docs/deployment.md).',
        ];
  const issuer = env.OIDC_ISSUER ? urlOf(env.OIDC_ISSUER) : null;
  if (issuer && issuer.protocol !== 'https:')
    problems.push('OIDC_ISSUER must be an https:// address in production: the client secret and tokens travel to it.');
  if (env.OIDC_CLIENT_SECRET && PLACEHOLDER.test(env.OIDC_CLIENT_SECRET))
    problems.push("OIDC_CLIENT_SECRET still holds the example file's placeholder: set the secret the AAI issued.");
  return problems;
};

const jwtSecretProblems = (value: string | undefined): string[] => {
  const hint = 'e.g. the output of `openssl rand -base64 48`, the same on every instance';
  if (!value)
    return [
      `JWT_SECRET is missing: production needs a random token signing secret of at least ${MIN_JWT_SECRET_BYTES} bytes (${hint}).`,
    ];
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes < MIN_JWT_SECRET_BYTES)
    return [`JWT_SECRET has ${bytes} bytes: it needs at least ${MIN_JWT_SECRET_BYTES} random bytes (${hint}).`];
  if (PLACEHOLDER.test(value)) return [`JWT_SECRET still holds the example file's placeholder (${hint}).`];
  return [];
};

const adminPasswordProblems = (env: NodeJS.ProcessEnv): string[] => {
  const password = env.ADMIN_PASSWORD;
  if (!password)
    return ['ADMIN_PASSWORD is missing: set a strong password for the direct-login admin account (portalManager).'];
  if (password.length < MIN_ADMIN_PASSWORD_LENGTH)
    return [`ADMIN_PASSWORD must have at least ${MIN_ADMIN_PASSWORD_LENGTH} characters in production.`];
  if (password === (env.ADMIN_USERNAME || 'admin') || PLACEHOLDER.test(password))
    return ["ADMIN_PASSWORD is the account's name or the example file's placeholder: set a strong password."];
  return [];
};

const passwordHashCostProblems = (value: string | undefined): string[] => {
  const cost = Number(value);
  // Unset is the minimum itself; a malformed value is named by the general check (config.ts).
  if (!value || !Number.isInteger(cost) || cost >= MIN_PASSWORD_HASH_COST) return [];
  return [
    `PASSWORD_HASH_COST=${value} is below ${MIN_PASSWORD_HASH_COST}, OWASP's minimum for scrypt: ` +
      'a stolen hash of the admin password would be cheap to guess. Leave it unset in production.',
  ];
};

const trustProxyProblems = (value: string | undefined): string[] => {
  let trustProxy: boolean | string[];
  try {
    trustProxy = parseTrustProxy(value);
  } catch {
    // A malformed value is named by the general check (config.ts).
    return [];
  }
  if (!trustsEveryAddress(trustProxy)) return [];
  return [
    `TRUST_PROXY=${value} trusts X-Forwarded-* from every address, so anyone can choose the client address the ` +
      "login throttle counts: in production list the reverse proxy's addresses or networks instead " +
      '(e.g. TRUST_PROXY=10.0.0.5 or 10.0.0.0/24, comma-separated; loopback for a proxy on the same host).',
  ];
};

const mailProblems = (env: NodeJS.ProcessEnv): string[] => {
  if (!env.SMTP_URL) return [];
  const problems: string[] = [];
  if (!env.MAIL_FROM)
    problems.push(
      'MAIL_FROM is missing while SMTP_URL is set: set the sender address your mail relay may send as ' +
        '(e.g. "Nubes <portal@example.org>"); the development default noreply@<host> is rarely allowed.',
    );
  const url = urlOf(env.SMTP_URL);
  // Only the variable is named: the URL holds the relay's password.
  if (url && (url.username || url.password) && url.searchParams.get('ignoreTLS') === 'true')
    problems.push('SMTP_URL sends its user and password without TLS (ignoreTLS=true): drop it or use smtps://.');
  if (PLACEHOLDER.test(env.SMTP_URL)) problems.push("SMTP_URL still holds the example file's placeholder.");
  return problems;
};

/**
 * What NODE_ENV=production refuses to start with, all at once (docs/adr/0055-deployment-and-production-refusal.md):
 * missing or guessable secrets, an address that is not https, the development IdP in place of the
 * AAI, forwarded headers trusted from anyone, mail from a sender the relay will not take.
 */
export const productionProblems = (env: NodeJS.ProcessEnv): string[] => [
  ...publicUrlProblems(env.PUBLIC_URL),
  ...jwtSecretProblems(env.JWT_SECRET),
  ...oidcProblems(env),
  ...adminPasswordProblems(env),
  ...passwordHashCostProblems(env.PASSWORD_HASH_COST),
  ...trustProxyProblems(env.TRUST_PROXY),
  ...mailProblems(env),
  ...(env.DATABASE_URL && PLACEHOLDER.test(env.DATABASE_URL)
    ? ["DATABASE_URL still holds the example file's placeholder password."]
    : []),
];
