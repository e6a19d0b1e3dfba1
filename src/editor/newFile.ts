// Command `scanTargets.newSettingsFile`: an unsaved `new.target-settings.yaml` from the template,
// with its tab stops live. Its name makes it a target-settings file (validated, completed) before
// it is ever saved.
import * as vscode from 'vscode';
import { newSettingsFileTemplate } from '../core/assist/template';
import { untitledFile } from './untitled';

export const NEW_SETTINGS_FILE_COMMAND = 'scanTargets.newSettingsFile';

/** Opens the document and inserts the template; resolves with the document (for tests). */
export async function newSettingsFile(): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(await untitledFile('new.target-settings.yaml'));
  const editor = await vscode.window.showTextDocument(document);
  const inserted = await editor.insertSnippet(new vscode.SnippetString(newSettingsFileTemplate()), new vscode.Position(0, 0));
  if (!inserted) {
    // The editor refused the snippet (e.g. it was closed at once): leave the plain text instead.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), new vscode.SnippetString(newSettingsFileTemplate()).value);
    await vscode.workspace.applyEdit(edit);
  }
  return document;
}
