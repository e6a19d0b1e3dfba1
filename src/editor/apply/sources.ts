// Where Apply reads from: the folder (given, the only one open, or picked) on this machine's disk,
// and each file as the editor holds it, unsaved changes included.
import * as path from 'path';
import * as vscode from 'vscode';
import type { ReadResult } from '../../repo/textFile';
import { repository } from '../repository';

/** The folder to apply: given, the only one open, or picked; a message when it cannot be used. */
export async function folderOf(args: { folder?: string | vscode.Uri } | undefined): Promise<vscode.Uri | string | undefined> {
  let folder: vscode.Uri | undefined;
  if (args?.folder !== undefined) {
    folder = typeof args.folder === 'string' ? (path.isAbsolute(args.folder) ? vscode.Uri.file(args.folder) : vscode.Uri.parse(args.folder)) : args.folder;
  } else {
    const open = vscode.workspace.workspaceFolders ?? [];
    if (open.length === 0) return 'Open the folder (a git work tree) that holds your target-settings files, then run Apply Changed Target Settings again.';
    folder =
      open.length === 1 ? open[0]!.uri : (await vscode.window.showWorkspaceFolderPick({ placeHolder: 'The folder whose target-settings files to apply' }))?.uri;
  }
  if (folder !== undefined && folder.scheme !== 'file') {
    return `Apply reads the folder's files and its git history from this machine's disk, and ${folder.toString()} is not on it. Run "scan-targets apply" where the repository is checked out.`;
  }
  return folder;
}

/** A file as the editor holds it (unsaved changes included), else as saved. */
export function readAsEdited(absolute: string): Promise<ReadResult> {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'file' && d.uri.fsPath === absolute);
  return open !== undefined ? Promise.resolve({ ok: true, text: open.getText() }) : repository().readTextFile(absolute);
}
