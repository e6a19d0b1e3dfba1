// Network calls and bulk updates are off in untrusted workspaces (package.json declares
// `untrustedWorkspaces: limited`). Commands ask here first and refuse with a message that
// says why and what to do.
import * as vscode from 'vscode';

export interface Refusal {
  status: 'refused';
  message: string;
}

export function refuseIfUntrusted(action: string): Refusal | undefined {
  if (vscode.workspace.isTrusted) return undefined;
  const message =
    `${action} is off in Restricted Mode. This folder is not trusted, so the extension makes no network call and reads no API token. ` +
    'Validation and editing assistance keep working. To use it, trust the folder with Manage Workspace Trust.';
  void vscode.window.showErrorMessage(message, 'Manage Workspace Trust').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
  });
  return { status: 'refused', message };
}
