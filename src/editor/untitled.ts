// A new, unsaved file with a name: `untitled:` at a path in the first workspace folder (the home
// folder without one), so that its tab has a sensible title, `scanTargets.files` recognises it by
// that name before it is saved, and Save proposes that path. A name taken by a file or an open
// document gets a number: `new-2.target-settings.yaml`.
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { exists } from './exists';

export async function untitledFile(name: string): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
  const { name: stem, ext } = path.parse(name);
  const [base, ...rest] = stem.split('.');
  const suffix = [...rest.map((r) => `.${r}`), ext].join('');
  const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.path));
  for (let n = 1; ; n++) {
    const file = vscode.Uri.joinPath(folder, `${base}${n === 1 ? '' : `-${n}`}${suffix}`);
    if (!(await exists(file)) && !open.has(file.path)) return file.with({ scheme: 'untitled' });
  }
}
