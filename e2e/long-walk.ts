/**
 * The longest walks (about 40 s or more with three workers) run before all other tests: Playwright
 * hands out tests in the order of its projects and then of the files, so a long walk whose file
 * comes late in the alphabet would otherwise run alone at the end while the other workers have
 * nothing left to do (docs/adr/0071-longest-walks-first.md).
 */
export const LONG_WALK = { tag: '@long-walk' } as const;

/** The tag as the projects in playwright.config.ts select it. */
export const LONG_WALK_GREP = /@long-walk\b/;
