// The extension really runs in the browser: in VS Code's web worker extension host, from its
// browser entry, with its language server in a Worker of its own answering what the desktop's does.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { settingsFileText } from '../fixtures/secretsFile';
import { EXTENSION_ID, activateExtension, codeOf, waitForDiagnostics, workspaceFile } from '../integration/helpers';

describe('in the browser', function () {
  before(activateExtension);

  it('runs in a web worker, from the browser entry, with no Node.js process', () => {
    assert.strictEqual(typeof process, 'undefined', 'no Node.js `process` in this extension host');
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function', 'a worker global scope');
    assert.strictEqual(vscode.env.uiKind, vscode.UIKind.Web);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension?.isActive);
    assert.strictEqual((extension.packageJSON as { browser?: string }).browser, './dist/web/extension.js');
  });

  it('outlines, folds and puts CodeLens above the ids, from the server in its Worker', async () => {
    const uri = workspaceFile('web-outline.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(settingsFileText(['3Sy7TyNMnQ8x', 'Qk2mVt8rLp0a', '3Sy7TyNMnQ8x'])));
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document);
    // The repeated id is found: the server parsed this file.
    await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'duplicate-id'));

    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    const names = symbols.flatMap((s) => [s.name, ...s.children.map((c) => c.name)]);
    for (const name of ['ids', 'site', 'report_type'])
      assert.ok(
        names.some((n) => n.startsWith(name)),
        `the outline shows ${name}: ${names.join(', ')}`,
      );

    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', uri);
    assert.ok(
      folds.some((f) => f.start === 0 && f.end >= 3),
      `the ids list folds: ${JSON.stringify(folds.map((f) => [f.start, f.end]))}`,
    );

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
    assert.deepStrictEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
      [
        [0, 'Bulk update 2 targets', 'scanTargets.bulkUpdate'],
        [0, 'Preview', 'scanTargets.previewBulkUpdate'],
      ],
    );
  });
});
