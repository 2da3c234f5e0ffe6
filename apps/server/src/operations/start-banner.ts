import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/config.js';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { DEMO_ACCOUNTS } from '../dev-idp/accounts.js';

export interface StartFacts {
  config: Config;
  database: 'pglite' | 'postgres';
  /** What the demo seed made at this start; null when it did not run or found its data there. */
  demo: { services: number; centres: number } | null;
}

/**
 * What the console shows once the portal listens: where it runs and on what, so whoever started it
 * sees a wrong setting at once. Never a secret: the SMTP URL may hold a password, so only its host.
 */
export const startBanner = ({ config, database, demo }: StartFacts): string => {
  const { smtpUrl } = config.mail;
  const lines = [
    '',
    `  ${config.branding.productName} is running at ${config.publicUrl}`,
    `  Database: ${database === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${smtpUrl ? `sent through ${new URL(smtpUrl).host}` : 'kept in the outbox (no SMTP_URL)'}`,
  ];
  // Without a built web app the server still answers its API (app.ts); a person opening the
  // address would only see 404s, so the cause is said here.
  if (!existsSync(path.join(config.webDist, 'index.html')))
    lines.push(
      `  Web app: not built in ${config.webDist} (no index.html; npm run build makes it): only the API answers`,
    );
  if (config.env !== 'production') {
    lines.push(
      `  Direct admin login: ${config.admin.username} / ${config.admin.password === 'admin' ? 'admin' : '(ADMIN_PASSWORD)'}`,
    );
  }
  if (demo)
    lines.push(
      `  Demo data seeded: ${demo.services} services of ${demo.centres} centres (SEED_DEMO_DATA=false skips it)`,
    );
  if (config.devIdp) {
    lines.push(`  Development IdP at ${config.oidc.issuer}; AAI logins (password = username):`);
    for (const account of DEMO_ACCOUNTS)
      lines.push(`    ${account.username.padEnd(8)} ${account.roles.join(', ') || 'no role'}`);
  }
  return lines.join('\n') + '\n';
};

/**
 * What to tell the person starting the portal when the start failed for a reason they can mend (the
 * data dir or the port is taken), as one sentence without a stack; null for anything else, which
 * is a bug and keeps its stack.
 */
export const mendableStartError = (error: unknown): string | null => {
  if (error instanceof DataDirInUseError) return error.message;
  const { code, syscall, address, port } = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (code === 'EADDRINUSE' && syscall === 'listen')
    return `${address}:${port} is in use by another program: stop it, or set PORT (and HOST) to a free address.`;
  return null;
};
