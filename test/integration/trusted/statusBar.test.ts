// The status bar item of target-settings files, read through the extension's API: where bulk
// updates would go as the sandbox starts and stops and the token is cleared, the entries of its
// menu, and "Start Local Sandbox" while one runs; the example the walkthrough opens.
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, settingsFileText, workspaceFile } from '../helpers';

interface Status {
  text: string;
  tooltip: string;
  warning: boolean;
  visible: boolean;
  menu: string[];
}
interface Api {
  connectionStatus: () => Promise<Status>;
}

async function api(): Promise<Api> {
  const extension = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(extension, 'extension is loaded');
  return (await extension.activate()) as Api;
}

/** The status once it satisfies `check`: it follows configuration and secret events, which arrive after the command that caused them. */
async function statusWhen(check: (s: Status) => boolean, what: string): Promise<Status> {
  const { connectionStatus } = await api();
  const deadline = Date.now() + 10_000;
  let status = await connectionStatus();
  while (!check(status)) {
    if (Date.now() > deadline) assert.fail(`the status bar never showed ${what}; it shows ${JSON.stringify(status)}`);
    await new Promise<void>((resolve) => setImmediate(resolve));
    status = await connectionStatus();
  }
  return status;
}

describe('status bar item', function () {
  after(async () => {
    await vscode.commands.executeCommand('scanTargets.stopSandbox');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows where bulk updates go, follows the sandbox and the token, and offers what changes it', async () => {
    const uri = workspaceFile('status.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(settingsFileText(['3Sy7TyNMnQ8x'])));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

    const started = await vscode.commands.executeCommand<{ url: string }>('scanTargets.startSandbox', { quiet: true });
    const running = await statusWhen((s) => s.visible && /sandbox/.test(s.text), 'the sandbox');
    assert.strictEqual(running.warning, false);
    assert.ok(running.tooltip.includes(started.url), running.tooltip);
    assert.ok(running.menu.includes('$(debug-stop) Stop Local Sandbox'), running.menu.join(' | '));
    assert.ok(running.menu.includes('$(trash) Clear API Token'));

    // Started again, it says where it runs rather than starting a second one.
    const again = await vscode.commands.executeCommand<{ status: string; url: string }>('scanTargets.startSandbox');
    assert.deepStrictEqual(again, { status: 'running', url: started.url });

    await vscode.commands.executeCommand('scanTargets.clearApiToken');
    const noToken = await statusWhen((s) => /no API token/.test(s.text), 'a missing token');
    assert.strictEqual(noToken.warning, true);
    assert.ok(!noToken.menu.includes('$(trash) Clear API Token'));

    await vscode.commands.executeCommand('scanTargets.stopSandbox');
    const stopped = await statusWhen((s) => s.menu.includes('$(beaker) Start Local Sandbox'), 'the sandbox stopped');
    assert.match(stopped.tooltip, /127\.0\.0\.1/, 'the base URL still points at where the sandbox was');

    // Only beside a target-settings file.
    const other = workspaceFile('notes.yaml');
    await vscode.workspace.fs.writeFile(other, Buffer.from('a: 1\n'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(other));
    await statusWhen((s) => !s.visible, 'the item hidden for another YAML file');
  });
});

describe('getting-started example', function () {
  it('opens the example the walkthrough names, a target-settings file', async () => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('scanTargets.openExample');
    assert.strictEqual(path.basename(document.uri.path), 'getting-started.target-settings.yaml');
    assert.match(document.getText(), /Xq2UnknownId/);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    assert.strictEqual(lenses[0]?.command?.title, 'Bulk update 5 targets');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
