// `scanTargets.openExample`: the getting-started example, for the walkthrough. The workspace's own
// copy when it has one (this repository's examples/); otherwise the copy shipped in the extension,
// as a new unsaved file of the same name, so that the sandbox's targets, the file's validation
// and a later save all work as in the repository.
import * as vscode from 'vscode';
import { untitledFile } from './untitled';

export const OPEN_EXAMPLE_COMMAND = 'scanTargets.openExample';
const EXAMPLE = 'getting-started.target-settings.yaml';

export async function openExample(context: vscode.ExtensionContext): Promise<vscode.TextDocument> {
  const [inWorkspace] = await vscode.workspace.findFiles(`**/${EXAMPLE}`, '**/node_modules/**', 1);
  if (inWorkspace !== undefined) {
    const document = await vscode.workspace.openTextDocument(inWorkspace);
    await vscode.window.showTextDocument(document);
    return document;
  }
  const shipped = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'examples', EXAMPLE));
  const document = await vscode.workspace.openTextDocument(await untitledFile(EXAMPLE));
  const editor = await vscode.window.showTextDocument(document);
  if (document.getText() === '') await editor.edit((edit) => edit.insert(new vscode.Position(0, 0), new TextDecoder().decode(shipped)));
  return document;
}
