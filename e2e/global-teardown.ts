import { existsSync, rmSync } from 'node:fs';
import { PREPARE_LOG, SERVER_LOG, secretsInLog } from './log-secrecy.js';

/**
 * After every test: the server's log of the whole run must hold no secret (ADR 0051); a finding
 * fails the run. Then the run's PGlite directory goes (the web server stops after this).
 */
export default function globalTeardown() {
  const dir = process.env.NUBES_E2E_DATA_DIR;
  // The run that prepared the data directory (`npm test`, prepare-data-dir.ts) logged with the same secrets.
  const findings = [SERVER_LOG, ...(existsSync(PREPARE_LOG) ? [PREPARE_LOG] : [])].flatMap((log) =>
    secretsInLog(log).map((finding) => `${log}: ${finding}`),
  );
  if (dir) rmSync(dir, { recursive: true, force: true });
  if (findings.length > 0)
    throw new Error(`The server logged secrets during the browser tests:\n${findings.join('\n')}`);
}
