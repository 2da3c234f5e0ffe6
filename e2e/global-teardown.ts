import { rmSync } from 'node:fs';
import { SERVER_LOG, secretsInLog } from './log-secrecy.js';

/**
 * After every test: the server's log of the whole run must hold no secret (ADR 0051); a finding
 * fails the run. Then the run's PGlite directory goes (the web server stops after this).
 */
export default function globalTeardown() {
  const dir = process.env.NUBES_E2E_DATA_DIR;
  const findings = secretsInLog(SERVER_LOG);
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (findings.length > 0)
    throw new Error(`The server logged secrets during the browser tests (${SERVER_LOG}):\n${findings.join('\n')}`);
}
