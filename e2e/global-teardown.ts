import { rmSync } from 'node:fs';

/** Removes the run's PGlite directory once the web server has stopped. */
export default function globalTeardown() {
  const dir = process.env.NUBES_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
