// The commands of `scan-targets`, each loaded only when it runs: checking files does not pay for
// loading the HTTP client, the sandbox or the language server.
import type { Command } from '../command';

export interface CommandEntry {
  readonly name: string;
  /** One line for the global help. */
  readonly summary: string;
  load(): Promise<Command>;
}

export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'validate',
    summary: 'Check target-settings YAML files as the editor does (text, json or GitHub annotations).',
    load: async () => (await import('./validate.js')).validateCommand,
  },
  {
    name: 'bulk-update',
    summary: 'Send one document of a target-settings file as a bulk update (or --dry-run it).',
    load: async () => (await import('./bulkUpdate.js')).bulkUpdateCommand,
  },
  {
    name: 'entitlements',
    summary: "Print the account's entitlements (text as in the tree view, or json).",
    load: async () => (await import('./entitlements.js')).entitlementsCommand,
  },
  {
    name: 'sandbox',
    summary: 'Start the local sandbox service (a stand-in for the real one) until Ctrl+C.',
    load: async () => (await import('./sandbox.js')).sandboxCommand,
  },
  {
    name: 'lsp',
    summary: 'Run the language server (--stdio or --node-ipc) for Neovim, Helix and other LSP clients.',
    load: async () => (await import('./lsp.js')).lspCommand,
  },
];
