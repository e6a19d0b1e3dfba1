// `scanTargets.startSandbox` / `scanTargets.stopSandbox`: the local stand-in service, run inside
// the extension host, with the base URL and a fresh token pointed at it. In a browser there is no
// Node process to run it: the commands say how to run it on the machine instead.
import * as vscode from 'vscode';
import type { Sandbox } from '../network';
import type { Connection } from './connection';
import type { EditorHost } from './host';
import { readSettings, SECTION } from './settings';
import { originOf } from './tokenStore';
import { refuseIfUntrusted } from './trust';

/** Whether the local sandbox runs, and where: what the status bar shows. */
export interface SandboxState {
  /** Its base URL while it runs. */
  readonly url: string | undefined;
  /** Whether it can run here (not in a browser). */
  readonly available: boolean;
  readonly onDidChange: vscode.Event<void>;
}

/** Said when the sandbox is asked for in a browser. */
const SANDBOX_NEEDS_NODE =
  'The local sandbox needs a Node.js process, which VS Code in a browser does not have. ' +
  "Run it on your machine with `npx scan-targets sandbox --cors <this editor's origin>` and set the API base URL to the address it prints, or use VS Code on the desktop.";

export function registerSandboxCommands(
  context: vscode.ExtensionContext,
  connection: Connection,
  log: vscode.LogOutputChannel,
  startSandbox: EditorHost['startSandbox'],
): SandboxState {
  let running: Sandbox | undefined;
  const changed = new vscode.EventEmitter<void>();

  const setRunning = async (sandbox: Sandbox | undefined): Promise<void> => {
    running = sandbox;
    changed.fire();
    await vscode.commands.executeCommand('setContext', 'scanTargets.sandboxRunning', sandbox !== undefined);
  };

  /** Starting it again says where it runs, and offers to look at it or stop it. */
  const alreadyRunning = (url: string, quiet: boolean | undefined) => {
    if (!quiet) {
      const pointed =
        connection.baseUrl === url ? 'Bulk updates and the Entitlements view use it.' : `The API base URL points elsewhere, at ${connection.baseUrl}.`;
      void vscode.window.showInformationMessage(`The local sandbox is already running at ${url}. ${pointed}`, 'Open', 'Stop').then((choice) => {
        if (choice === 'Open') void vscode.commands.executeCommand('workbench.view.extension.scanTargets');
        else if (choice === 'Stop') void vscode.commands.executeCommand('scanTargets.stopSandbox');
      });
    }
    return { status: 'running', url };
  };

  const start = async (arg?: { port?: number; profile?: 'full' | 'restricted'; quiet?: boolean }) => {
    const refusal = refuseIfUntrusted('The local sandbox service');
    if (refusal) return refusal;
    if (running) return alreadyRunning(running.url, arg?.quiet);
    if (startSandbox === undefined) {
      void vscode.window.showErrorMessage(SANDBOX_NEEDS_NODE);
      return { status: 'refused', message: SANDBOX_NEEDS_NODE };
    }
    const settings = readSettings();
    const profile = arg?.profile ?? settings.sandboxProfile;
    // A fresh random token each start: the sandbox is a real HTTP server on loopback.
    const token = randomToken();
    const sandbox = await startSandbox({
      port: arg?.port ?? settings.sandboxPort,
      token,
      profile,
      exampleTargets: true,
      cors: settings.sandboxCors,
    });
    await setRunning(sandbox);
    await connection.tokens.set(originOf(sandbox.url)!, token);
    await vscode.workspace.getConfiguration(SECTION).update('baseUrl', sandbox.url, vscode.ConfigurationTarget.Global);
    log.info(
      `Local sandbox service running at ${sandbox.url} (profile ${typeof profile === 'string' ? profile : 'custom'}, ${sandbox.targetIds().length} targets); base URL and token now point at it.`,
    );
    if (!arg?.quiet) {
      void vscode.window
        .showInformationMessage(
          `Local sandbox running at ${sandbox.url} with ${sandbox.targetIds().length} targets, those of the examples among them. The API base URL and token now point at it.`,
          'Show Log',
        )
        .then((choice) => choice && log.show());
    }
    return { status: 'started', url: sandbox.url, targetIds: sandbox.targetIds() };
  };

  context.subscriptions.push(
    changed,
    vscode.commands.registerCommand('scanTargets.startSandbox', start),
    vscode.commands.registerCommand('scanTargets.stopSandbox', async () => {
      if (!running) return false;
      const url = running.url;
      await running.close();
      await setRunning(undefined);
      log.info(`Local sandbox service at ${url} stopped.`);
      void vscode.window.showInformationMessage(`Local sandbox at ${url} stopped. The API base URL still points at it: set it again or restart the sandbox.`);
      return true;
    }),
    { dispose: () => void running?.close() },
  );

  if (vscode.workspace.getConfiguration(SECTION).get<boolean>('sandbox.startOnActivation', false) && vscode.workspace.isTrusted && startSandbox) {
    start({ quiet: true }).catch((err: unknown) => log.error(`The local sandbox service did not start: ${String((err as Error)?.message ?? err)}`));
  }
  return {
    get url() {
      return running?.url;
    },
    available: startSandbox !== undefined,
    onDidChange: changed.event,
  };
}

/** 24 random bytes as hex: the Web Crypto API both hosts have. */
function randomToken(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(24)), (b) => b.toString(16).padStart(2, '0')).join('');
}
