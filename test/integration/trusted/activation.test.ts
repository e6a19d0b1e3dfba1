import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, workspaceFile } from '../helpers';

describe('activation', () => {
  it('activates when a target-settings file is opened', async () => {
    const document = await vscode.workspace.openTextDocument(workspaceFile('shop.target-settings.yaml'));
    await vscode.window.showTextDocument(document);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'extension is loaded');
    await extension.activate();
    assert.strictEqual(extension.isActive, true);
    assert.strictEqual(document.languageId, 'yaml');
  });

  it('registers every command declared in package.json', async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID)!;
    const manifest = extension.packageJSON as { contributes: { commands: { command: string }[] } };
    const declared = manifest.contributes.commands.map((c) => c.command);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = declared.filter((c) => !registered.has(c));
    assert.deepStrictEqual(missing, []);
    assert.ok(declared.length >= 10);
  });
});
