// Commands that set up the connection: base URL, token, log. Each accepts an argument object for
// programmatic use (tests, other extensions) and asks the user when it is absent.
import * as vscode from 'vscode';
import type { Connection } from './connection';
import { promptForToken } from './connection';
import { SECTION } from './settings';
import { originOf } from './tokenStore';

export function registerConnectionCommands(context: vscode.ExtensionContext, connection: Connection, log: vscode.LogOutputChannel): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('scanTargets.setBaseUrl', async (arg?: { baseUrl?: string }) => {
      const baseUrl =
        arg?.baseUrl ??
        (await vscode.window.showInputBox({
          title: 'Scan Targets: API base URL',
          prompt: 'Base URL of the scanning service API; requests go to {base}/targets/bulk/update/ and {base}/account/entitlements/.',
          value: connection.baseUrl || 'https://',
          ignoreFocusOut: true,
          validateInput: (v) => (originOf(v.trim()) ? undefined : 'Enter an http:// or https:// URL.'),
        }));
      if (baseUrl === undefined) return undefined;
      if (!originOf(baseUrl.trim())) {
        void vscode.window.showErrorMessage(`"${baseUrl}" is not an http:// or https:// URL; the base URL was not changed.`);
        return undefined;
      }
      await vscode.workspace.getConfiguration(SECTION).update('baseUrl', baseUrl.trim(), vscode.ConfigurationTarget.Global);
      log.info(`API base URL set to ${baseUrl.trim()}`);
      return baseUrl.trim();
    }),
    vscode.commands.registerCommand('scanTargets.setApiToken', async (arg?: { token?: string }) => {
      let origin = connection.origin;
      if (!origin) {
        const set = await vscode.commands.executeCommand<string | undefined>('scanTargets.setBaseUrl');
        origin = set ? originOf(set) : undefined;
        if (!origin) return false;
      }
      const token = arg?.token ?? (await promptForToken(origin));
      if (!token) return false;
      await connection.tokens.set(origin, token);
      log.info(`API token stored for ${origin}`);
      if (!arg?.token) void vscode.window.showInformationMessage(`API token stored for ${origin} in VS Code's secret storage.`);
      return true;
    }),
    vscode.commands.registerCommand('scanTargets.clearApiToken', async () => {
      const origin = connection.origin;
      if (!origin) {
        void vscode.window.showInformationMessage('No API base URL is set, so there is no token to clear.');
        return false;
      }
      await connection.tokens.clear(origin);
      log.info(`API token cleared for ${origin}`);
      void vscode.window.showInformationMessage(`API token for ${origin} removed from VS Code's secret storage.`);
      return true;
    }),
    vscode.commands.registerCommand('scanTargets.showLog', () => log.show()),
  );
}
