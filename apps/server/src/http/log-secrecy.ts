import type { FastifyServerOptions } from 'fastify';

// Fastify names pino's options without exporting them.
type PinoLoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

const REDACTED = '[Redacted]';

/** Shorter configured values (the development admin's "admin") are words, not secrets. */
const MIN_SECRET_LENGTH = 8;

/**
 * Credentials by their form, wherever they appear in a line: JSON Web Tokens (a session's token,
 * an ID token), an Authorization header's value, the session cookie, a personal API token by its
 * prefix (docs/adr/0113-personal-api-tokens.md).
 */
const CREDENTIAL_FORMS: [RegExp, string][] = [
  [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED],
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\bauth=[^;\s"'\\]+/g, `auth=${REDACTED}`],
  [/\bnubes_pat_[\w-]+/g, `nubes_pat_${REDACTED}`],
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Logger options that keep secrets out of the log (ADR 0051). Two layers: pino's `redact` removes
 * the fields known to hold them (headers, passwords, tokens, secrets) from logged objects, and a
 * last look at every written line replaces the configured secrets by value (as the line holds
 * them, also JSON-escaped) and credentials by their form, wherever they came from, such as an
 * error's message or cause. That look runs only for lines actually written, which a request that
 * logs nothing never pays for.
 */
export const logSecrecy = (
  secrets: readonly (string | null | undefined)[],
): Pick<PinoLoggerOptions, 'redact' | 'hooks'> => {
  const values = [
    ...new Set(
      secrets
        .filter((secret): secret is string => typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH)
        .flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret)]),
    ),
  ].sort((a, b) => b.length - a.length);
  const byValue = values.length ? new RegExp(values.map(escapeRegExp).join('|'), 'g') : null;
  return {
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        'headers.authorization',
        'headers.cookie',
        '*.headers.authorization',
        '*.headers.cookie',
        '*.password',
        '*.token',
        '*.secret',
        '*.clientSecret',
        '*.client_secret',
        '*.jwtSecret',
        '*.smtpUrl',
        '*.access_token',
        '*.id_token',
        '*.refresh_token',
        '*.code_verifier',
        'password',
        'token',
        'secret',
        'err.body',
        'err.requestBody',
      ],
      censor: REDACTED,
    },
    hooks: {
      streamWrite: (line: string) => {
        let scrubbed = byValue ? line.replace(byValue, REDACTED) : line;
        for (const [form, replacement] of CREDENTIAL_FORMS) scrubbed = scrubbed.replace(form, replacement);
        return scrubbed;
      },
    },
  };
};
