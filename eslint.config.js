// One lint configuration for every workspace. Type-aware rules run on TypeScript sources so that
// floating promises and non-exhaustive switches are caught before review. The backend's walls between
// modules (docs/code-style.md) are checked by import-x on resolved paths: backend/test/lint-walls.spec.ts
// proves each one fails on a deliberate breach, and frontend/src/lintWalls.test.ts does the same for the
// frontend's (frontend/lint-walls.js).
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { frontendRestrictedSyntax, frontendWalls } from './frontend/lint-walls.js';

const ROOT = import.meta.dirname;
const SRC = join(ROOT, 'backend', 'src');
const MODULES = readdirSync(join(SRC, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** HTTP code: what only the API root may load. */
const HTTP_CODE = [
  'backend/src/**/api.module.ts',
  'backend/src/**/*.controller.ts',
  'backend/src/**/*.guard.ts',
  'backend/src/**/*.middleware.ts',
  'backend/src/**/*.dto.ts',
  'backend/src/**/dto/**',
  'backend/src/common/http/**',
];
/** Worker code: the worker root, queue processors and the recovery sweep. */
const WORKER_CODE = [
  'backend/src/**/worker.module.ts',
  'backend/src/modules/**/*.processor.ts',
  'backend/src/modules/**/*-recovery.service.ts',
];

const walls = [
  {
    target: 'backend/src/common',
    from: 'backend/src/modules',
    message: 'common/ is infrastructure for every module and imports none of them.',
  },
  // A module reaches another only through its public entry, modules/<name>/index.ts.
  ...MODULES.map((name) => ({
    target: `backend/src/modules/${name}`,
    from: 'backend/src/modules/*/**',
    except: [join(SRC, 'modules', name, '**'), join(SRC, 'modules', '*', 'index.ts')],
    message: `Import another module only through its index.ts (${name} reaches into a module's internals).`,
  })),
  // The root modules also wire controllers, guards, middleware (ApiModule) and processors (WorkerModule).
  {
    target: 'backend/src/*.ts',
    from: 'backend/src/modules/*/**',
    except: [
      ...['index.ts', '*.controller.ts', '*.guard.ts', '*.middleware.ts', '*.processor.ts'].map((f) =>
        join(SRC, 'modules', '*', f),
      ),
      // A connector's own routes live in its folder (sources/shipstation/, sources/shopify/), and a
      // concept's processor in its (shipments/processing/).
      join(SRC, 'modules', '*', '*', '*.controller.ts'),
      join(SRC, 'modules', '*', '*', '*.processor.ts'),
    ],
    message:
      "Root files import a module's index.ts (or, to wire them, its controllers, guards, middleware, processors).",
  },
  // Inside shipments/: the intake and the reads stand without the worker's processing (docs/architecture.md).
  {
    target: ['backend/src/modules/shipments/intake', 'backend/src/modules/shipments/reads'],
    from: 'backend/src/modules/shipments/processing',
    message: 'shipments/intake/ and shipments/reads/ never import shipments/processing/.',
  },
  {
    target: WORKER_CODE,
    from: HTTP_CODE,
    message: 'Worker code never loads HTTP code (controllers, DTOs, guards, middleware).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '.nx/**',
      'e2e/screenshots/**',
      '**/*.d.ts',
      '**/vite.config.ts',
      '**/vitest.config.ts',
    ],
  },
  js.configs.recommended,
  {
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
    },
  },
  {
    // House rule: no source file over 400 lines. Every line counts, as `wc -l` counts them (blank lines and
    // comments too), so the number the linter reports is the number anyone can check.
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node }, sourceType: 'module' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // Only source inside this repository is walked: packages in node_modules cannot close a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['backend/src/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: walls }] },
  },
  {
    // A table's rows are read and written by its repository (decision 0059): a TypeORM repository is
    // injected only into *.repository.ts / *.query.ts files, never into a service or a controller.
    files: ['backend/src/**/*.ts'],
    ignores: ['**/*.repository.ts', '**/*.query.ts', '**/*.sql.ts', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@nestjs/typeorm',
              importNames: ['InjectRepository'],
              message:
                "Inject the table's repository class (*.repository.ts), not TypeORM's (decision 0059).",
            },
          ],
        },
      ],
    },
  },
  {
    // The frontend's walls (frontend/lint-walls.js, decision 0054); tests may reach into what they test.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'frontend/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: frontendWalls }] },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'frontend/src/theme/**', 'frontend/src/api/schema.d.ts'],
    // Colours are theme tokens and text sizes the theme's (frontend/lint-walls.js).
    rules: { 'no-restricted-syntax': frontendRestrictedSyntax },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
);
