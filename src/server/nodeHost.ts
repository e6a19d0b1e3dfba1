// The language server's host in a Node process: the extension's dist/server.js and `scan-targets lsp`.
import { existsSync } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { setFlagsFromString } from 'v8';
import { runInNewContext } from 'vm';
import { envStateOf } from '../core/envPlaceholders';
import type { ServerHost } from './host';

/**
 * The pages that explain the diagnostic codes, docs/codes/ in the package: one folder above the
 * bundle (dist/server.js, the extension's) or two (dist/cli/lsp.js, `scan-targets lsp`).
 */
const CODE_PAGES =
  ['..', path.join('..', '..')].map((up) => path.resolve(__dirname, up, 'docs', 'codes')).find((dir) => existsSync(dir)) ??
  path.resolve(__dirname, '..', 'docs', 'codes');

/**
 * Between two full collections the heap may grow by a fifth of what the last one kept (V8 lets it
 * grow by up to four times as much): a keystroke allocates little that it keeps and much that
 * outlives a young-generation collection or two (what one version of a file holds until the next),
 * and with a 100,000-id file open the garbage of 160 keystrokes held 40 MB before a full collection
 * came. Collecting sooner costs no keystroke measurably. It costs the first read of a file of
 * many documents, which allocates mostly what it keeps: a tenth longer for 1,000 documents, a
 * fifth for 10,000 or 100,000 (1.3 -> 1.5 s, 7.2 -> 8.4 s). (Switched off around such a read, it
 * saved nothing: the limit V8 set at the end of the read then held for the edits that followed.)
 * Set here, so that `scan-targets lsp` has it as the extension's server does.
 */
setFlagsFromString('--heap-growing-percent=20');

/**
 * A full collection that compacts the heap: V8's `gc()` (which Node gives only to a process started
 * with `--expose-gc`; set now, it is there in a context made after it), with every page's survivors
 * moved together. Without that, the pages where dropped documents were still held the objects kept
 * beside them, and the heap stayed as large: with 100,000 documents, 135 MB kept, 376 MB of heap,
 * 438 MB resident; compacted, 171 MB of heap, 231 MB resident (a pause of 0.2 s instead of 0.09 s).
 */
function compactingCollection(): () => void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      gc();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

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
  collectGarbage: compactingCollection(),
  // Not Node's trace on stderr, nor the end of the server.
  onUnhandledRejection: (report) => void process.on('unhandledRejection', report),
};
