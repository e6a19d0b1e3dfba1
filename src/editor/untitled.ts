// A new, unsaved file with a name: `untitled:` at a path in the first workspace folder (the name
// alone without one), so that its tab has a sensible title, `scanTargets.files` recognises it by
// that name before it is saved, and Save proposes that path. A name taken by a file or an open
// document gets a number: `new-2.target-settings.yaml`.
import * as vscode from 'vscode';
import { exists } from './exists';

export async function untitledFile(name: string): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  // `new.target-settings.yaml`: the number goes after `new`.
  const [base, ...rest] = name.split('.');
  const suffix = rest.map((r) => `.${r}`).join('');
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const numbered = `${base}${n === 1 ? '' : `-${n}`}${suffix}`;
    const file = folder === undefined ? vscode.Uri.from({ scheme: 'untitled', path: numbered }) : vscode.Uri.joinPath(folder, numbered);
    if (!open.has(file.path) && (folder === undefined || !(await exists(file)))) return file.with({ scheme: 'untitled' });
  }
}
