// Entry of dist/web/extension.js, the extension in a browser (vscode.dev, github.dev, code-server):
// VS Code's web worker extension host. The same editor as on the desktop, with what a browser has:
// the language server in a Worker of its own, `fetch` for the network, no environment for
// `${env:NAME}`, and no local Node process for the sandbox or a repository's files and git.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { createWebClient } from '../api/webClient';
import type { ApplyResult } from '../editor/apply/command';
import { activateExtension, type ScanTargetsApi } from '../editor/activate';
import { serverTransports } from './serverWorker';

/** Said when Apply is asked for in a browser. */
const APPLY_NEEDS_DISK =
  "Apply reads the folder's files and its git history from disk, which VS Code in a browser cannot do. Nothing was sent. " +
  'Run "scan-targets apply" where the repository is checked out, or use VS Code on the desktop. "Scan Targets: Run Bulk Update on Selected IDs" works here, one document at a time.';

export function activate(context: vscode.ExtensionContext): ScanTargetsApi {
  return activateExtension(context, {
    platform: 'browser',
    languageClient: (options) => new LanguageClient('scanTargets', 'Scan Target Settings', () => serverTransports(context.extensionUri), options),
    createApiClient: createWebClient,
    // A browser has no environment: the language server's checks already refuse a document that uses one.
    env: () => undefined,
    startSandbox: undefined,
    registerApplyChanges: (ctx) => {
      // The command's id, not apply/command.ts: that module reads a repository on disk.
      const refuse = (): ApplyResult => {
        void vscode.window.showErrorMessage(APPLY_NEEDS_DISK);
        return { status: 'refused', message: APPLY_NEEDS_DISK };
      };
      ctx.subscriptions.push(vscode.commands.registerCommand('scanTargets.applyChanges', refuse));
    },
  });
}

export function deactivate(): void {
  // Everything is released through context.subscriptions.
}
