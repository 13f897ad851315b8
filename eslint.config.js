import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Imports flow one way (ARCHITECTURE.md): pages → features → components / api → packages/shared. */
const restricted = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(skip|only|todo)$/]',
          message: 'No skipped or focused tests.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**'],
    rules: restricted([
      {
        group: ['**/features/**', '**/pages/**'],
        message: 'components/ is shared UI: it imports neither features nor pages.',
      },
    ]),
  },
  {
    files: ['apps/web/src/features/**'],
    rules: restricted([{ group: ['**/pages/**'], message: 'features/ never import pages/ (pages → features).' }]),
  },
  {
    files: ['apps/web/src/api/**'],
    rules: restricted([
      { group: ['**/features/**', '**/pages/**', '**/components/**'], message: 'api/ is below features and pages.' },
    ]),
  },
  {
    files: ['apps/server/src/modules/**'],
    rules: restricted([
      {
        group: ['../*/routes', '../*/routes.js'],
        message: "An area never imports another area's routes: move what is shared to a service or to src/lib.",
      },
    ]),
  },
  {
    files: ['packages/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: restricted([
      {
        group: ['react', 'react-*', 'fastify', '@fastify/*', 'node:*', '**/apps/**', 'antd'],
        message: 'packages/shared is the contract: no framework, no Node or DOM code, no app import.',
      },
    ]),
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', {}] },
  },
  {
    // Small files (CODE_STYLE.md): at most 400 lines of code in a product file. Blank lines and comments do not count,
    // so explaining a file never pushes it over. Tests, test support, benchmarks and generated files are apart.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'scripts/**/*.{js,mjs,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.d.ts', 'apps/server/test/**', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Type-aware rules for promises: a promise is awaited, returned, or explicitly voided; never passed where a
    // void callback is expected (event handlers of React elements excepted, where React ignores the result).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  prettier,
);
