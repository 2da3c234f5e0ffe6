import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAYER_REASONS = {
  routes: 'only app.ts and main.ts assemble routes',
  commands: 'commands sit above this layer',
  presenters: 'presenters shape answers for routes; shared types live in src/model/',
};

/**
 * One no-restricted-imports block per layer. ESLint does not merge a rule's options across
 * blocks (the last matching block wins), so each block names every layer its files may not import.
 */
const serverLayers = (layers) =>
  layers.map(({ files, ignores = [], forbid }) => ({
    files,
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', ...ignores],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbid.map((layer) => ({
            regex: `(^|/)${layer}/`,
            message: `Server layers point one way: ${LAYER_REASONS[layer]} (docs/adr/0014-server-layers.md).`,
          })),
        },
      ],
    },
  }));

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
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
