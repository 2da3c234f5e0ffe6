import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createServer } from 'node:net';
import { DataDirInUseError } from '../db/data-dir-lock.js';
import { mendableStartError, startBanner } from './start-banner.js';

const builtWeb = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nubes-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
  return dir;
};

describe('the start banner', () => {
  it('says where the portal runs, on what, and the demo logins in development', () => {
    const config = loadConfig({ WEB_DIST: builtWeb(), DATA_DIR: '/srv/nubes/data' });
    const banner = startBanner({ config, database: 'pglite', demo: { services: 42, centres: 6 } });
    expect(banner).toContain('Nubes is running at http://localhost:8080');
    expect(banner).toContain('Database: PGlite in /srv/nubes/data');
    expect(banner).toContain('Mail: kept in the outbox (no SMTP_URL)');
    expect(banner).toContain('Demo data seeded: 42 services of 6 centres');
    expect(banner).toMatch(/^ {4}alice {4}serviceProvider$/m);
    expect(banner).not.toContain('Web app');
  });

  it('names the mail server by its host only, never the password in SMTP_URL', () => {
    const config = loadConfig({ WEB_DIST: builtWeb(), SMTP_URL: 'smtp://portal:relay-secret@mail.example.org:587' });
    const banner = startBanner({ config, database: 'postgres', demo: null });
    expect(banner).toContain('Mail: sent through mail.example.org:587');
    expect(banner).toContain('Database: PostgreSQL (DATABASE_URL)');
    expect(banner).not.toContain('relay-secret');
  });

  it('says so when the web app is not built where WEB_DIST points, since only the API will answer', () => {
    const missing = path.join(tmpdir(), 'nubes-no-web-here');
    const banner = startBanner({ config: loadConfig({ WEB_DIST: missing }), database: 'pglite', demo: null });
    expect(banner).toContain(`Web app: not built in ${missing} (no index.html; npm run build makes it)`);
  });
});

describe('a start that fails', () => {
  it('for a taken port or data dir says so in a sentence; anything else is left to its stack', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => taken.once('listening', resolve));
    const { port } = taken.address() as { port: number };
    const second = createServer();
    const refusal = await new Promise<unknown>((resolve) => second.once('error', resolve).listen(port, '127.0.0.1'));
    taken.close();
    expect(mendableStartError(refusal)).toBe(
      `127.0.0.1:${port} is in use by another program: stop it, or set PORT (and HOST) to a free address.`,
    );
    expect(mendableStartError(new DataDirInUseError('/srv/nubes/data'))).toMatch(
      /^DATA_DIR \/srv\/nubes\/data is in use by another process/,
    );
    expect(mendableStartError(new Error('something else'))).toBeNull();
  });
});
