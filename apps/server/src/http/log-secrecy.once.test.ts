import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { logLines } from '../test/log-lines.js';
import { logSecrecy } from './log-secrecy.js';

const JWT_SECRET = 'jwt-secret-for-the-log-test-0123456789';
const ADMIN_PASSWORD = 'admin "pass" with quotes';
const CLIENT_SECRET = 'oidc-client-secret-XYZ';
const SMTP_PASSWORD = 'smtp p@ss/word';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';

const logged = () => {
  const { stream, text } = logLines();
  const log = pino(
    { level: 'info', ...logSecrecy([JWT_SECRET, ADMIN_PASSWORD, CLIENT_SECRET, SMTP_PASSWORD, 'admin', null]) },
    stream,
  );
  return { log, lines: text };
};

// Nothing here depends on the database: it runs once, on PGlite.
describe('log secrecy', () => {
  it('redacts the fields known to hold credentials', () => {
    const { log, lines } = logged();
    log.info(
      {
        req: { headers: { authorization: 'Bearer abc', cookie: 'auth=abc' } },
        user: { password: 'hunter2-hunter2', token: 'tok-12345678' },
        oidc: { clientSecret: 'abc-secret-value', client_secret: 'abc-secret-value' },
        mail: { smtpUrl: 'smtp://u:pw@host' },
      },
      'fields',
    );
    const text = lines();
    for (const secret of ['Bearer abc', 'auth=abc', 'hunter2', 'tok-12345678', 'abc-secret-value', 'u:pw@host'])
      expect(text).not.toContain(secret);
    expect(text).toContain('[Redacted]');
  });

  it('replaces the configured secrets and credentials wherever a line holds them, an error’s message and cause too', () => {
    const { log, lines } = logged();
    const error = new Error(
      `connect failed for smtp://user:${encodeURIComponent(SMTP_PASSWORD)}@mail with ${JWT_SECRET}`,
      {
        cause: new Error(
          `token ${TOKEN} and header Basic dXNlcjpwYXNz, cookie auth=${TOKEN}; body {"password":"${ADMIN_PASSWORD}"}`,
        ),
      },
    );
    log.error({ err: error, body: { login: 'admin', note: CLIENT_SECRET } }, `while sending with ${SMTP_PASSWORD}`);
    const text = lines();
    for (const secret of [
      JWT_SECRET,
      ADMIN_PASSWORD,
      JSON.stringify(ADMIN_PASSWORD).slice(1, -1),
      CLIENT_SECRET,
      SMTP_PASSWORD,
      encodeURIComponent(SMTP_PASSWORD),
      TOKEN,
      'dXNlcjpwYXNz',
    ])
      expect(text, secret).not.toContain(secret);
    // Short configured values are words, not secrets: a login named admin stays readable.
    expect(JSON.parse(text)).toMatchObject({ level: 50, body: { login: 'admin' } });
  });

  it('replaces a personal API token by its prefix, wherever a line holds it', () => {
    const { log, lines } = logged();
    const token = 'nubes_pat_Zm9vYmFyLWJhei1xdXV4LTEyMzQ1Njc4OTA';
    log.warn({ note: `a script sent ${token} in its query` }, `refused ${token}`);
    const text = lines();
    expect(text).not.toContain(token.slice('nubes_pat_'.length));
    expect(text).toContain('nubes_pat_[Redacted]');
  });
});
