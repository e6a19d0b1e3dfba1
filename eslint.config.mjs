import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** What only Node has: code that also runs in a browser's worker takes it from its caller instead. */
const NODE_GLOBALS = ['Buffer', 'process', 'require', '__dirname', '__filename', 'setImmediate'];

export default tseslint.config(
  {
    // src/core/schema/generated/: Ajv's standalone code, written by scripts/generate-validators.mjs.
    ignores: ['dist/**', 'out/**', 'dist-vsix/**', 'node_modules/**', '.vscode-test/**', 'test-results/**', 'src/core/schema/generated/**'],
  },
  js.configs.recommended,
  // Type-aware: the rules that need the types (floating promises, unsafe any, needless assertions).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { project: ['./tsconfig.json', './tsconfig.test.json', './tsconfig.web.json'], tsconfigRootDir: import.meta.dirname } },
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
    },
  },
  {
    // What the browser build (src/web/) runs: core, the editor, the language server and the HTTP
    // client, but for the files only the desktop, the command line and the Node server load.
    files: ['src/core/**/*.ts', 'src/web/**/*.ts', 'src/editor/**/*.ts', 'src/server/**/*.ts', 'src/api/**/*.ts'],
    ignores: [
      'src/editor/network.ts',
      'src/editor/repository.ts',
      'src/server/main.ts',
      'src/server/nodeHost.ts',
      'src/server/stdioConnection.ts',
      'src/server/jsonEncoder.ts',
      'src/api/client.ts',
      'src/api/transport.ts',
      'src/api/tunnel.ts',
      'src/api/proxy.ts',
    ],
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_GLOBALS.map((name) => ({ name, message: 'This file runs in a browser too: take what Node gives from the caller (the host).' })),
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
