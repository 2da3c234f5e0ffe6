// Lighthouse's desktop audit of a page in Debian's Chromium, as `npm run bench` reports it
// (docs/adr/0086-public-pages-audit.md). Nothing is downloaded: chrome-launcher starts the binary
// CHROME_PATH names (else scripts/lib/chromium.mjs's), lighthouse drives it over the DevTools port.
// Alone: `node bench/lighthouse.mjs http://localhost:8080/login [...]` prints each page's scores.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { chromiumPath } from '../scripts/lib/chromium.mjs';

/** Lighthouse's categories in the order its report shows them. */
export const LIGHTHOUSE_CATEGORIES = Object.freeze(['performance', 'accessibility', 'best-practices', 'seo']);

/** Headless without a sandbox (root in a container) and without a GPU, as the other browsers here run. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu'];

/**
 * Audits each URL once with the desktop preset in one Chromium (a fresh profile per page, as
 * lighthouse clears the storage before each run). Returns per URL its scores 0–100 by category, the
 * cumulative layout shift and the unused CSS in bytes; { missing } without Chromium or lighthouse.
 */
export const auditPages = async (urls, { env = process.env } = {}) => {
  const chromePath = env.CHROME_PATH || chromiumPath(env);
  if (!existsSync(chromePath)) return { missing: `n/a (no Chromium at ${chromePath})` };
  let lighthouse, desktopConfig, launch;
  try {
    ({ default: lighthouse, desktopConfig } = await import('lighthouse'));
    ({ launch } = await import('chrome-launcher'));
  } catch {
    return { missing: 'n/a (lighthouse not installed)' };
  }
  const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const pages = [];
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, logLevel: 'error', output: 'json' }, desktopConfig);
      const { categories, audits } = result.lhr;
      pages.push({
        url,
        scores: Object.fromEntries(
          LIGHTHOUSE_CATEGORIES.map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
        ),
        cls: audits['cumulative-layout-shift']?.numericValue ?? null,
        unusedCssBytes: audits['unused-css-rules']?.details?.overallSavingsBytes ?? 0,
        failed: Object.values(audits)
          .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
          .map((audit) => audit.id),
      });
    }
    return { pages };
  } finally {
    await chrome.kill();
  }
};

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const urls = process.argv.slice(2);
  if (urls.length === 0) {
    console.error('usage: node bench/lighthouse.mjs <url> [...]');
    process.exit(2);
  }
  const result = await auditPages(urls);
  console.log(JSON.stringify(result, null, 2));
}
