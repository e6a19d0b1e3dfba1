// The commands of `scan-targets`, each loaded only when it runs: checking files does not pay for
// loading the HTTP client, the sandbox or the language server. In dist/ each command is a bundle
// of its own (dist/cli/<name>.js, see scripts/build.mjs), so a run reads and compiles only the one
// it needs. `require` rather than `import()`: Node would load a bundle through its ES module loader,
// which scans the whole file for exports first (about 50 ms for the validate bundle).
/* eslint-disable @typescript-eslint/no-require-imports */
import { setServerV8Flags } from '../../server/v8Flags';
import type { Command } from '../command';

export interface CommandEntry {
  readonly name: string;
  /** One line for the global help. */
  readonly summary: string;
  load(): Command;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'Check target-settings YAML files as the editor does (text, json or GitHub annotations).',
    load: () => (require('./validate.js') as typeof import('./validate.js')).validateCommand,
  },
  {
    name: 'plan',
    summary: 'Show what apply would send over files and folders (--changed-since a git revision), and check it.',
    load: () => (require('./plan.js') as typeof import('./plan.js')).planCommand,
  },
  {
    name: 'apply',
    summary: 'Send what plan shows: every unit checked first, then each as a bulk update (--changed-since a git revision).',
    load: () => (require('./apply.js') as typeof import('./apply.js')).applyCommand,
  },
  {
    name: 'bulk-update',
    summary: 'Send one document of a target-settings file as a bulk update (or --dry-run it).',
    load: () => (require('./bulkUpdate.js') as typeof import('./bulkUpdate.js')).bulkUpdateCommand,
  },
  {
    name: 'entitlements',
    summary: "Print the account's entitlements (text as in the tree view, or json).",
    load: () => (require('./entitlements.js') as typeof import('./entitlements.js')).entitlementsCommand,
  },
  {
    name: 'sandbox',
    summary: 'Start the local sandbox service (a stand-in for the real one) until Ctrl+C.',
    load: () => (require('./sandbox.js') as typeof import('./sandbox.js')).sandboxCommand,
  },
  {
    name: 'lsp',
    summary: 'Run the language server (--stdio or --node-ipc) for Neovim, Helix and other LSP clients.',
    load: () => {
      // Before the server's bundle is compiled, as the extension's server has them (v8Flags.ts);
      // `v8` required here, not at the top: the other commands load none.
      setServerV8Flags((require('v8') as typeof import('v8')).setFlagsFromString);
      return (require('./lsp.js') as typeof import('./lsp.js')).lspCommand;
    },
  },
];
