import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  {
    // src/core/schema/generated/: Ajv's standalone code, written by scripts/generate-validators.mjs.
    ignores: ['dist/**', 'out/**', 'dist-vsix/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'src/core/schema/generated/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    // core/ is pure: no VS Code, no network, no file system.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['vscode', 'undici', 'fs', 'node:fs', 'http', 'node:http', 'https', 'node:https', 'net', 'node:net'], patterns: ['fs/*', 'node:fs/*'] }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
