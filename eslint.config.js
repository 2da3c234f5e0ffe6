import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAYER_REASONS = {
  routes: 'only app.ts and main.ts assemble routes',
  commands: 'commands sit above this layer',
  presenters: 'presenters shape answers for routes; shared types live in src/model/',
};

const WEB_LAYER_REASONS = {
  app: 'the app root assembles the screens; shared pieces live in src/components/',
  pages: 'pages are screens on top; shared pieces live in src/components/',
  features: 'features build on the shared components and forms, not the other way round',
};

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
 * One no-restricted-imports block per layer. ESLint does not merge a rule's options across
 * blocks (the last matching block wins), so each block names every layer its files may not import.
 */
const layerRules =
  ({ reasons, adr, what, testIgnores }) =>
  (layers) =>
    layers.map(({ files, ignores = [], forbid, patterns = [], withTests = false }) => ({
      files,
      ignores: [...(withTests ? [] : testIgnores), ...ignores],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...forbid.map((layer) => ({
                regex: `(^|/)${layer}/`,
                message: `${what} point one way: ${reasons[layer]} (${adr}).`,
              })),
              ...patterns,
            ],
          },
        ],
      },
    }));

const serverLayers = layerRules({
  reasons: LAYER_REASONS,
  adr: 'docs/adr/0014-server-layers.md',
  what: 'Server layers',
  testIgnores: ['**/*.test.ts', 'apps/server/src/test/**'],
});

const webLayers = layerRules({
  reasons: WEB_LAYER_REASONS,
  adr: 'docs/adr/0023-web-layers-dates-and-the-public-page-budget.md',
  what: 'Web layers',
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
  // The server's layers point one way (docs/adr/0014-server-layers.md): routes on top, then
  // commands and the write pipeline, then policies, queries, presenters, auth, db below them.
  // Tests may reach across layers; app.ts and main.ts assemble everything.
  ...serverLayers([
    {
      files: ['apps/server/src/**/*.ts'],
      ignores: ['apps/server/src/app.ts', 'apps/server/src/main.ts', 'apps/server/src/routes/**'],
      forbid: ['routes'],
    },
    { files: ['apps/server/src/auth/**/*.ts'], forbid: ['routes', 'commands', 'presenters'] },
    {
      files: ['apps/server/src/commands/**/*.ts', 'apps/server/src/writes/**/*.ts'],
      forbid: ['routes', 'presenters'],
    },
    { files: ['apps/server/src/queries/**/*.ts', 'apps/server/src/policies/**/*.ts'], forbid: ['routes', 'commands'] },
  ]),
  // The web app's layers point one way (docs/adr/0023-web-layers-dates-and-the-public-page-budget.md):
  // app and pages on top, then features, then the shared components, forms, routing, hooks and the rest.
  ...webLayers([
    {
      files: ['apps/web/src/{features,layout,api,auth,hooks,i18n,config}/**/*.{ts,tsx}'],
      forbid: ['app', 'pages'],
    },
    { files: ['apps/web/src/{components,forms,routing}/**/*.{ts,tsx}'], forbid: ['app', 'pages', 'features'] },
    // A feature imports no other feature, its tests neither; these blocks come after the one above
    // (the last matching block wins), so they repeat its app and pages.
    ...WEB_FEATURES.flatMap((feature) =>
      FEATURE_DEPTHS.map((depth) => ({
        files: [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        forbid: ['app', 'pages'],
        patterns: anotherFeature(feature, depth),
        withTests: true,
      })),
    ),
  ]),
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
