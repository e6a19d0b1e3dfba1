// The language server's host in a Node process: the extension's dist/server.js and `scan-targets lsp`.
import { existsSync } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { envStateOf } from '../core/envPlaceholders';
import type { ServerHost } from './host';

/**
 * The pages that explain the diagnostic codes, docs/codes/ in the package: one folder above the
 * bundle (dist/server.js, the extension's) or two (dist/cli/lsp.js, `scan-targets lsp`).
 */
const CODE_PAGES =
  ['..', path.join('..', '..')].map((up) => path.resolve(__dirname, up, 'docs', 'codes')).find((dir) => existsSync(dir)) ??
  path.resolve(__dirname, '..', 'docs', 'codes');

export const nodeHost: ServerHost = {
  // Inherited from the editor or the shell. The value stays in this process.
  envState: (name) => envStateOf(process.env[name]),
  codePages: pathToFileURL(CODE_PAGES).href,
  // Two turns of the event loop: vscode-jsonrpc handles one received message a turn (a
  // setImmediate of its own, queued after the one made while handling the last message), so the
  // second turn comes after the next message's. A completion sent with a change is answered
  // before the diagnostics of that change, which took it twice as long.
  runSoon: (work) => {
    let immediate = setImmediate(() => {
      immediate = setImmediate(work);
    });
    return () => clearImmediate(immediate);
  },
  // Not Node's trace on stderr, nor the end of the server.
  onUnhandledRejection: (report) => void process.on('unhandledRejection', report),
};
