/**
 * Distinctive secrets of the browser tests' server, so the log check (log-secrecy.ts) can look
 * for them in what the server wrote during the whole run (ADR 0051).
 */
export const E2E_SECRETS = {
  jwtSecret: 'e2e-jwt-secret-that-must-never-be-logged-7d41c0',
  adminPassword: 'e2e-admin-password-never-logged-93b2',
  smtpUser: 'e2e-mailer',
  smtpPassword: 'e2e-smtp-password-never-logged-5f1c',
} as const;
