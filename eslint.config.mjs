import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    // src/core/schema/generated/: Ajv's standalone code, written by scripts/generate-validators.mjs.
    ignores: ['dist/**', 'out/**', 'dist-vsix/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'src/core/schema/generated/**'],
  },
  js.configs.recommended,
  // Type-aware: the rules that need the types (floating promises, unsafe any, needless assertions).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { project: ['./tsconfig.json', './tsconfig.test.json'], tsconfigRootDir: import.meta.dirname } },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // Test doubles and bench stubs implement async interfaces without awaiting anything.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // core/ is pure: no VS Code, no network, no file system, nothing only Node has.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: ['vscode', 'undici', 'fs', 'node:fs', 'http', 'node:http', 'https', 'node:https', 'net', 'node:net'], patterns: ['fs/*', 'node:fs/*'] },
      ],
      // The same core runs in a browser's worker (the web extension): no Node globals either.
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'require', '__dirname', '__filename', 'setImmediate'].map((name) => ({
          name,
          message: 'core/ runs in a browser too: pass what Node gives in from the caller.',
        })),
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
