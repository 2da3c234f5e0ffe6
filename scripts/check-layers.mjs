#!/usr/bin/env node
// Both apps' layers point one way and hold no import cycle (docs/adr/0107-layers-and-cycles.md).
// ESLint's no-restricted-imports refuses an import against the direction (eslint.config.js); this
// script, part of `npm run lint`, checks that every folder of each app has its place in that order,
// that the rule refuses a wrong import on every level (ESLint on probe strings), and that
// dependency-cruiser finds no cycle in the apps, after seeing it find one it is shown.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import { ESLint } from 'eslint';
import { SERVER_LEVELS, WEB_LEVELS } from '../eslint.config.js';

const root = path.resolve(import.meta.dirname, '..');
const APPS = [
  { name: 'server', src: 'apps/server/src', ext: 'ts', levels: SERVER_LEVELS },
  { name: 'web', src: 'apps/web/src', ext: 'tsx', levels: WEB_LEVELS },
];
/** The test harness and setup may reach across, like the tests beside the code. */
const FREE = new Set(['test']);

const problems = [];

// Every folder and root module has a level: a new one is placed before it can be imported.
for (const { name, src, levels } of APPS) {
  const placed = new Set(levels.flatMap(({ folders, files = [] }) => [...folders, ...files]));
  for (const entry of readdirSync(path.join(root, src), { withFileTypes: true })) {
    const module = entry.isDirectory() ? entry.name : entry.name.replace(/\.tsx?$/, '');
    if (FREE.has(module) || entry.name.includes('.test.') || !/\.tsx?$|^[^.]+$/.test(entry.name)) continue;
    if (!placed.has(module))
      problems.push(
        `${src}/${entry.name} has no place in the ${name}'s layers (SERVER_LEVELS/WEB_LEVELS in eslint.config.js)`,
      );
  }
}

// The rule bites on every level: a probe file in each folder imports the first folder of the level
// above (refused) and of the level below, or its own folder at the bottom (allowed).
const eslint = new ESLint({ cwd: root });
const specifier = (target) => (target.folders ? `../${target.folders[0]}/probe` : `../${target.files[0]}`);
const probes = APPS.flatMap(({ src, ext, levels }) =>
  levels.slice(1).flatMap((level, index) =>
    level.folders.flatMap((folder) => [
      { file: `${src}/${folder}/layer-probe.${ext}`, from: specifier(levels[index]), refused: true },
      {
        file: `${src}/${folder}/layer-probe.${ext}`,
        from: `../${(levels[index + 2] ?? { folders: [folder] }).folders[0]}/probe`,
        refused: false,
      },
    ]),
  ),
);
// Features import no other feature (docs/adr/0104-features-import-no-other-feature.md).
probes.push(
  { file: 'apps/web/src/features/contacts/layer-probe.tsx', from: '../reviews/probe', refused: true },
  { file: 'apps/web/src/features/contacts/layer-probe.tsx', from: '../../components/probe', refused: false },
);
for (const { file, from, refused } of probes) {
  const [result] = await eslint.lintText(`import { probe } from '${from}';\nexport const layerProbe = probe;\n`, {
    filePath: path.join(root, file),
  });
  const reported = result.messages.some((message) => message.ruleId === 'no-restricted-imports');
  if (reported !== refused)
    problems.push(`${file}: an import of '${from}' should be ${refused ? 'refused' : 'allowed'} by the layers' lint`);
}

// Cycles: the two apps have none; a cycle through a type and a lazy import (the shape the check
// must see) is found in a throwaway folder.
const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
const violationsIn = async (paths) => {
  const { output } = await cruise(paths, options);
  return output.summary.violations.filter((violation) => violation.rule.name === 'no-cycle');
};
const probeDir = mkdtempSync(path.join(tmpdir(), 'nubes-cycle-probe-'));
try {
  writeFileSync(path.join(probeDir, 'editor.ts'), "export const load = () => import('./part');\n");
  writeFileSync(
    path.join(probeDir, 'part.ts'),
    "import type { load } from './editor';\nexport const part: typeof load | null = null;\n",
  );
  if ((await violationsIn([probeDir])).length === 0) problems.push('dependency-cruiser missed a probe import cycle');
} finally {
  rmSync(probeDir, { recursive: true, force: true });
}
process.chdir(root);
for (const violation of await violationsIn(APPS.map(({ src }) => src)))
  problems.push(`import cycle: ${[violation.from, ...violation.cycle.map((step) => step.name ?? step)].join(' → ')}`);

if (problems.length > 0) {
  console.error('Layers and cycles (docs/adr/0107-layers-and-cycles.md):');
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
