import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_SECRETS } from './secrets.js';

/** The server's JSON log of the whole run (playwright.config.ts writes it, the global teardown reads it). */
export const SERVER_LOG = path.resolve(import.meta.dirname, '..', 'test-results', 'e2e-server.log');

/** The log of the run that prepared the data directory before the browser tests (prepare-data-dir.ts). */
export const PREPARE_LOG = path.resolve(import.meta.dirname, '..', 'test-results', 'e2e-server-prepare.log');

/** Credentials by their form: a JSON Web Token, an Authorization header's value, the session cookie. */
const CREDENTIAL_FORMS: [string, RegExp][] = [
  ['a JSON Web Token', /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]+/],
  ['a bearer token', /\bBearer\s+(?!\[Redacted\])[\w.~+/=-]{8,}/i],
  ['basic credentials (the OIDC client secret)', /\bBasic\s+(?!\[Redacted\])[\w+/=]{8,}/i],
  ['the session cookie', /\bauth=(?!\[Redacted\])[^;\s"'\\]{8,}/],
];

/**
 * What the server's log of the whole run shows that it must not: the run's configured secrets
 * (also as a URL holds them) and any credential by its form. One line per finding, at most ten.
 */
export const secretsInLog = (file: string): string[] => {
  if (!existsSync(file)) return [`the server's log ${file} is missing`];
  const lines = readFileSync(file, 'utf8').split('\n');
  const secrets = Object.entries(E2E_SECRETS).filter(([name]) => name !== 'smtpUser');
  const findings: string[] = [];
  lines.forEach((line, index) => {
    for (const [name, value] of secrets)
      if (line.includes(value) || line.includes(encodeURIComponent(value)))
        findings.push(`line ${index + 1} holds ${name}`);
    for (const [what, form] of CREDENTIAL_FORMS) if (form.test(line)) findings.push(`line ${index + 1} holds ${what}`);
  });
  return findings.slice(0, 10);
};
