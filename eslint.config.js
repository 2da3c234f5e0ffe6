import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of each app, top to bottom, as ARCHITECTURE.md lists them (docs/adr/0107-layers-and-cycles.md).
 * A file imports its own level and the levels below it, never one above; `files` are modules at
 * the app's root (`src/app-context.ts`). The first level assembles: nothing below imports it.
 * Tests and src/test/ may reach across.
 */
export const SERVER_LEVELS = [
  { folders: ['demo', 'instructions'], files: ['app', 'main', 'bundle-entry'] },
  { folders: ['routes', 'dev-idp', 'operations'], files: ['app-context'] },
  { folders: ['commands'] },
  { folders: ['scheduler'] },
  { folders: ['writes'] },
  { folders: ['caches', 'mail', 'webhooks'] },
  { folders: ['presenters'] },
  { folders: ['queries'] },
  { folders: ['policies'] },
  { folders: ['audit', 'json-schema', 'storage'] },
  { folders: ['auth', 'config', 'http'] },
  { folders: ['instances'] },
  { folders: ['model'] },
  { folders: ['db'] },
];

export const WEB_LEVELS = [
  { folders: ['app'], files: ['main'] },
  { folders: ['pages'] },
  { folders: ['layout'] },
  { folders: ['features'] },
  { folders: ['components'] },
  { folders: ['forms'] },
  { folders: ['hooks'] },
  { folders: ['auth'] },
  { folders: ['routing'] },
  { folders: ['config'] },
  { folders: ['api'] },
  { folders: ['i18n'] },
];

const LAYERS_ADR = 'docs/adr/0107-layers-and-cycles.md';

/** A relative import of a folder of the app's source (or of a module at its root), from any depth. */
const importOf = ({ folder, file }) =>
  folder === undefined ? `^\\.\\.?/(\\.\\./)*${file}(\\.js)?$` : `^\\.\\.?/(.*/)?${folder}(/|$)`;

/** What the levels above `index` hold: the folders and root modules a file on that level may not import. */
const above = (levels, index) =>
  levels
    .slice(0, index)
    .flatMap(({ folders, files = [] }) => [
      ...folders.map((folder) => ({ folder })),
      ...files.map((file) => ({ file })),
    ]);

const refusal = (what, target, source) => ({
  regex: importOf(target),
  message:
    `${what} layers point one way: ${target.folder ?? target.file} sits above ${source} (${LAYERS_ADR}, ` +
    'ARCHITECTURE.md); a piece both need moves down.',
});

/** The web app's feature folders, read from the disk so that a new feature is covered too. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_DEPTHS = [0, 1, 2, 3];
const ANOTHER_FEATURE =
  'Features import no other feature (docs/adr/0104-features-import-no-other-feature.md): a piece two features use ' +
  'lives in src/components/, src/api/, src/hooks/ or src/forms/; a page puts one feature into another.';

/**
 * A relative import that climbs out of its feature folder into a sibling one, for a file `depth`
 * folders below the feature's root (`../other/…` from its root, `../../other/…` one below), or
 * one that names another feature through src/features/.
 */
const anotherFeature = (feature, depth) => [
  { regex: `^(\\.\\./){${depth + 1}}(?!${feature}/)[^./]`, message: ANOTHER_FEATURE },
  { regex: `(^|/)features/(?!${feature}/)`, message: ANOTHER_FEATURE },
];

/**
 * One no-restricted-imports block per folder: it refuses the levels above the folder's own, and
 * `extra` (folders no other folder imports). ESLint does not merge a rule's options across blocks
 * (the last matching block wins), so a later block for part of a folder (a feature) repeats them
 * through `refusals`.
 */
const layerRules = ({ root, ext, what, levels, testIgnores, extra = [] }) => {
  const refusals = (folder) => {
    const index = levels.findIndex(({ folders, files = [] }) => folders.includes(folder) || files.includes(folder));
    const targets = [...above(levels, index), ...extra.filter((target) => target.folder !== folder)];
    const unique = new Map(targets.map((target) => [target.folder ?? target.file, target]));
    return [...unique.values()].map((target) => refusal(what, target, folder));
  };
  const blocks = levels
    .flatMap(({ folders, files = [] }, index) => [
      ...folders.map((folder) => [folder, `${root}/${folder}/**/*.${ext}`]),
      // The first level's root modules assemble the app: they may import anything.
      ...(index === 0 ? [] : files.map((file) => [file, `${root}/${file}.${ext}`])),
    ])
    .map(([folder, glob]) => ({ glob, patterns: refusals(folder) }))
    .filter(({ patterns }) => patterns.length > 0)
    .map(({ glob, patterns }) => ({
      files: [glob],
      ignores: testIgnores,
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    }));
  return { blocks, refusals };
};

const serverLayers = layerRules({
  root: 'apps/server/src',
  ext: 'ts',
  what: 'Server',
  levels: SERVER_LEVELS,
  testIgnores: ['**/*.test.ts', 'apps/server/src/test/**'],
  // Only app.ts and main.ts mount the routes, though routes/ shares its level.
  extra: [{ folder: 'routes' }],
});

const webLayers = layerRules({
  root: 'apps/web/src',
  ext: '{ts,tsx}',
  what: 'Web',
  levels: WEB_LEVELS,
  testIgnores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Both apps' layers point one way (docs/adr/0107-layers-and-cycles.md); import cycles fail the
  // lint too, in scripts/check-layers.mjs.
  ...serverLayers.blocks,
  ...webLayers.blocks,
  // A feature imports no other feature, its tests neither (docs/adr/0104-features-import-no-other-feature.md).
  ...WEB_FEATURES.flatMap((feature) =>
    FEATURE_DEPTHS.map((depth) => ({
      files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...webLayers.refusals('features'), ...anotherFeature(feature, depth)] },
        ],
      },
    })),
  ),
  // Every dialog is the portal's AppModal, which shows the dialog's errors inside it
  // (docs/adr/0063-errors-inside-dialogs.md); Mantine's Modal directly would send them to a
  // notification that covers the dialog's buttons.
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/components/AppModal.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='@mantine/core'] > ImportSpecifier[imported.name='Modal']",
          message: 'Open a dialog with AppModal (components/AppModal.tsx): its errors show inside it.',
        },
      ],
    },
  },
  // Fastify has no logger in the portal (docs/adr/0057-one-log-and-no-logger-per-request.md): its
  // `log` on the app, a request or a reply writes nowhere, so a line written there would be lost.
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='log'][object.name=/^(app|fastify|instance|server|request|reply)$/]",
          message:
            "Fastify has no logger here: log through the app's log (context.log, requestLog(log, request)); docs/adr/0057-one-log-and-no-logger-per-request.md.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
