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
    // A token typed in is checked with a read of the entitlements before it is stored; a token
    // passed as an argument (tests, other extensions) only when `check` is set.
    vscode.commands.registerCommand('scanTargets.setApiToken', async (arg?: { token?: string; check?: boolean }) => {
      let origin = connection.origin;
      if (!origin) {
        const set = await vscode.commands.executeCommand<string | undefined>('scanTargets.setBaseUrl');
        origin = set ? originOf(set) : undefined;
        if (!origin) return false;
      }
      const typed = arg?.token === undefined;
      const token = arg?.token ?? (await promptForToken(origin));
      if (!token) return false;
      // In Restricted Mode nothing goes over the network, so the token is stored unchecked.
      if ((typed || arg?.check === true) && vscode.workspace.isTrusted) {
        const refused = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Checking the token with ${origin}…` }, () =>
          connection.checkToken(token),
        );
        if (refused !== undefined && !(await keepAnyway(origin, refused, typed))) {
          log.warn(`API token for ${origin} not stored: ${refused.message}`);
          return false;
        }
      }
      await connection.tokens.set(origin, token);
      log.info(`API token stored for ${origin}`);
      if (typed) {
        const checked = vscode.workspace.isTrusted ? '; the service accepted it' : ' (not checked: the workspace is in Restricted Mode)';
        void vscode.window.showInformationMessage(`API token stored for ${origin} in VS Code's secret storage${checked}.`);
      }
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

/**
 * After a failed check: a refused token is never stored; for any other failure (the service did
 * not answer) a person may store it anyway.
 */
async function keepAnyway(origin: string, error: Error, ask: boolean): Promise<boolean> {
  const refusedByService = (error as { kind?: unknown }).kind === 'unauthorized';
  if (refusedByService) {
    void vscode.window.showErrorMessage(
      `${origin} refused this token, so it was not stored. Check the token (and the authentication scheme setting) and set it again.`,
    );
    return false;
  }
  if (!ask) return false;
  const choice = await vscode.window.showWarningMessage(`The token could not be checked: ${error.message} Store it anyway?`, { modal: true }, 'Store Anyway');
  return choice === 'Store Anyway';
}
