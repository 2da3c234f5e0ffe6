/** [what the User-Agent holds, what a person calls it]; the first match wins, so Edge and Opera come before Chrome. */
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/Firefox\/|FxiOS/, 'Firefox'],
  [/Chrom(e|ium)\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/**
 * A User-Agent as a person tells their browsers apart ("Firefox on Linux"); null when it names
 * no browser this knows (a script), so the screen shows the raw value instead.
 */
export const browserName = (userAgent: string): string | null => {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser) return null;
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  return system ? `${browser} · ${system}` : browser;
};
