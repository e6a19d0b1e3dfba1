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
  const message = `${action} is off in Restricted Mode: this workspace is not trusted, and the extension makes no network call from an untrusted workspace. Nothing was sent. Trust the workspace (Manage Workspace Trust) to use it; validation and editing assistance keep working meanwhile.`;
  void vscode.window.showErrorMessage(message, 'Manage Workspace Trust').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.trust.manage');
  });
  return { status: 'refused', message };
}
