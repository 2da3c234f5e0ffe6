import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverCommand } from './test/portal-process.js';

const serverRoot = path.resolve(import.meta.dirname, '..');

// The refusal happens before any database is opened: one project is enough.
describe('starting the server', () => {
  it('refuses production with missing or unsafe settings, naming each of them, and exits 1', () => {
    const result = spawnSync(process.execPath, serverCommand(), {
      cwd: serverRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        TSX_TSCONFIG_PATH: 'tsconfig.check.json',
        DATA_DIR: '/nonexistent',
        PUBLIC_URL: 'http://portal.example.org',
        JWT_SECRET: 'too-short',
        TRUST_PROXY: 'true',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Nubes cannot start: 5 settings need attention:\n');
    const named = result.stderr.split('\n').filter((line) => line.startsWith('  - '));
    expect(named.map((line) => line.slice(4).split(/[ =]/)[0])).toEqual([
      'PUBLIC_URL',
      'JWT_SECRET',
      'OIDC_ISSUER,',
      'ADMIN_PASSWORD',
      'TRUST_PROXY',
    ]);
    expect(result.stderr).not.toContain('too-short');
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
