import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const serverRoot = path.resolve(import.meta.dirname, '..');

describe('starting the server', () => {
  it('refuses production without OIDC settings and admin password, saying what to set', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
      cwd: serverRoot,
      encoding: 'utf8',
      timeout: 60_000,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        TSX_TSCONFIG_PATH: 'tsconfig.check.json',
        DATA_DIR: '/nonexistent',
      },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Nubes cannot start: NODE_ENV=production needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, ADMIN_PASSWORD',
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
