// `scan-targets lsp --stdio | --node-ipc`: the language server, for any editor with an LSP client.
import { createConnection, IPCMessageReader, IPCMessageWriter, ProposedFeatures } from 'vscode-languageserver/node';
import { nodeHost } from '../../server/nodeHost';
import { stdioConnection } from '../../server/stdioConnection';
import { startServer } from '../../server/server';
import { parseCommandArgs } from '../args';
import type { Command } from '../command';
import type { CliContext } from '../context';
import { EXIT_OK, UsageError } from '../exit';

const HELP = `Usage: scan-targets lsp --stdio | --node-ipc

Runs the Scan Target Settings language server: diagnostics, completion, hover, quick fixes,
outline and folding for target-settings YAML files, in any editor with a Language Server
Protocol client (Neovim, Helix, Emacs, Zed, ...). The README shows a Neovim and a Helix set-up.

Options:
  --stdio      Speak LSP over standard input and output (what most editors use).
  --node-ipc   Speak LSP over Node's IPC channel (when started with child_process.fork).
  -h, --help   Show this help.

Settings come from the client with workspace/configuration, section "scanTargets" (files,
validation.severity, validation.maxProblems, validation.debounceMs, entitlements.checks).
`;

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { stdio: { type: 'boolean' }, 'node-ipc': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, false);
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  if (values.stdio === values['node-ipc']) throw new UsageError('choose one transport: --stdio or --node-ipc.');
  if (values['node-ipc'] && typeof process.send !== 'function')
    throw new UsageError('--node-ipc needs a parent process that started this one with an IPC channel (child_process.fork).');
  const connection = values.stdio ? stdioConnection() : createConnection(ProposedFeatures.all, new IPCMessageReader(process), new IPCMessageWriter(process));
  startServer(connection, nodeHost);
  // The connection exits the process when the client sends `exit` (or the input closes).
  return new Promise<number>(() => undefined);
}

export const lspCommand: Command = {
  name: 'lsp',
  help: HELP,
  run,
};
