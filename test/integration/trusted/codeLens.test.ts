import * as assert from 'assert';
import * as vscode from 'vscode';
import { at } from '../../fixtures/at';
import { activateExtension, settingsFileText, workspaceFile } from '../helpers';

describe('CodeLens above ids:', function () {
  let targetIds: string[] = [];

  before(async () => {
    await activateExtension();
    const started = await vscode.commands.executeCommand<{ targetIds: string[] }>('scanTargets.startSandbox', { quiet: true });
    targetIds = started.targetIds;
  });

  after(async () => {
    await vscode.commands.executeCommand('scanTargets.stopSandbox');
  });

  it('offers "Bulk update N targets" and "Preview", and the lens updates exactly the ids it counts', async () => {
    const ids = targetIds.slice(0, 3);
    const uri = workspaceFile('lenses.target-settings.yaml');
    // A repeated id is counted, and sent, once.
    await vscode.workspace.fs.writeFile(uri, Buffer.from(settingsFileText([...ids, at(ids, 0)])));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.deepStrictEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
      [
        [0, 'Bulk update 3 targets', 'scanTargets.bulkUpdate'],
        [0, 'Preview', 'scanTargets.previewBulkUpdate'],
      ],
    );

    const [run, preview] = lenses.map((l) => at(l.command?.arguments ?? [], 0, 'the lens argument') as Record<string, unknown>);
    const previewed = await vscode.commands.executeCommand<{ status: string; preview: string }>('scanTargets.previewBulkUpdate', preview);
    assert.strictEqual(previewed.status, 'previewed');
    for (const id of ids) assert.ok(previewed.preview.includes(id), `the preview lists ${id}`);

    const result = await vscode.commands.executeCommand<{ status: string; outcome?: { updated: string[] } }>('scanTargets.bulkUpdate', {
      ...run,
      confirm: false,
    });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    assert.deepStrictEqual([...(result.outcome?.updated ?? [])].sort(), [...ids].sort());
  });

  it('shows none when scanTargets.codeLens.enabled is off', async () => {
    const uri = workspaceFile('lenses.target-settings.yaml');
    const config = vscode.workspace.getConfiguration('scanTargets');
    await config.update('codeLens.enabled', false, vscode.ConfigurationTarget.Workspace);
    try {
      // The server reads the setting when it is told of the change; ask until it answers with none.
      const deadline = Date.now() + 10_000;
      let lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      while (lenses.length > 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
      }
      assert.deepStrictEqual(lenses, []);
    } finally {
      await config.update('codeLens.enabled', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });
});
