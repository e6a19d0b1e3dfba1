// Whether a file exists, through VS Code's file system (any scheme the workspace uses).
import * as vscode from 'vscode';

export function exists(uri: vscode.Uri): Thenable<boolean> {
  return vscode.workspace.fs.stat(uri).then(
    () => true,
    () => false,
  );
}
