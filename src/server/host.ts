// What the language server takes from where it runs: a Node process (nodeHost.ts: the extension's
// dist/server.js and `scan-targets lsp`) or a browser's Worker (browserMain.ts). The server itself
// needs nothing of either.
import type { EnvCheck } from '../core/envPlaceholders';

export interface ServerHost {
  /** Whether a variable is set where the server runs. Never its value. */
  readonly envState: EnvCheck;
  /**
   * The folder of the pages that explain the diagnostic codes, as an address a client can open (no
   * trailing slash). A client may give its own in `initializationOptions.codePages`.
   */
  readonly codePages: string | undefined;
  /**
   * Runs `work` soon (not a timer's millisecond later), after the next message already received
   * where the host can (a request sent with a change is answered before what the change
   * scheduled); returns its cancel.
   */
  runSoon(work: () => void): () => void;
  /**
   * Collects garbage now, all of it, where the host can (a Node process; not a browser's Worker):
   * for the documents dropped when the user pauses (idlePause.ts).
   */
  readonly collectGarbage?: () => void;
  /** Calls `report` for a rejected promise nobody waits on, instead of the host's own handling. */
  onUnhandledRejection(report: (reason: unknown) => void): void;
}
