// Debian's Chromium as every browser here launches it: the browser tests (e2e/playwright.config.ts),
// the two-instances test (apps/server/src/instances/) and the bench's first-visit row (bench/lib.mjs).
// Nothing is downloaded: `npm test` installs Debian's package when it is missing (scripts/test.mjs).

/** Where Chromium is: CHROMIUM_PATH, else Debian's `/usr/bin/chromium`. */
export const chromiumPath = (env = process.env) => env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * No sandbox (the tests run as root in a container), no GPU, and none of the traffic Chromium makes
 * on its own (updates, sync, QUIC), which would slow a busy machine and blur the measurements.
 */
export const CHROMIUM_ARGS = Object.freeze([
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]);

/** Playwright's launch options for that Chromium. */
export const chromiumLaunchOptions = (env = process.env) => ({
  executablePath: chromiumPath(env),
  args: [...CHROMIUM_ARGS],
});
