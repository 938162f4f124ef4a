import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// The web app's layers (docs/architecture.md): api/, store/ and ui/ know nothing above them; app/
// (the core) knows no feature; a feature imports only its own folder, app/, ui/, api/, store/ and
// the contract. Types may point up (RootState). Tests, testing/ and the root files compose.
const WEB = 'apps/web/src';
const TESTS = ['**/*.test.{ts,tsx}'];
const layer = (message, patterns) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex: patterns, allowTypeImports: true, message }] },
  ],
});
const FEATURES = readdirSync(new URL(`${WEB}/features`, import.meta.url));
const featureLeaves = FEATURES.flatMap((feature) =>
  [1, 2, 3].map((depth) => ({
    files: [`${WEB}/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    ignores: TESTS,
    // Climbing out of this feature's folder into another feature's.
    rules: layer(
      'A feature is a leaf: reach another feature through app/ (docs/architecture.md).',
      `^(\\.\\./){${depth}}(?!${feature}/|\\.\\./)[^./]`,
    ),
  })),
);

// The API's modules (docs/architecture.md): one uses another only through that module's public
// file, `index.ts`; the layers under them (auth/, db/, http/, printing/) never import a module.
const API = 'apps/api/src';
const MODULES = readdirSync(new URL(`${API}/modules`, import.meta.url));
const modulesThroughIndex = MODULES.flatMap((module) =>
  [1, 2].map((depth) => ({
    files: [`${API}/modules/${module}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: layer(
      'Another module is used through its index.ts only (docs/architecture.md).',
      `^(\\.\\./){${depth}}(?!${module}/)[a-z-]+/(?!index\\.ts$)`,
    ),
  })),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [`${WEB}/{api,store,ui}/*.{ts,tsx}`],
    ignores: TESTS,
    rules: layer(
      'api/, store/ and ui/ sit below app/ and the features (docs/architecture.md).',
      '^\\.\\./(app|features|testing|App|pages|main)(/|$)',
    ),
  },
  {
    files: [`${WEB}/app/**/*.{ts,tsx}`],
    ignores: TESTS,
    rules: layer(
      'app/ is the core: features register with it, it never imports them (docs/architecture.md).',
      '^(\\.\\./)+(features|testing|App|pages|main)(/|$)',
    ),
  },
  ...featureLeaves,
  ...modulesThroughIndex,
  {
    files: [`${API}/{auth,db,http,printing}/**/*.ts`],
    rules: layer(
      'auth/, db/, http/ and printing/ sit below the modules (docs/architecture.md).',
      '^(\\.\\./)+modules/',
    ),
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // The print agent is plain JavaScript run by Node (no build step): Node's web globals.
    files: ['apps/print-agent/**/*.js'],
    languageOptions: {
      globals: {
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
