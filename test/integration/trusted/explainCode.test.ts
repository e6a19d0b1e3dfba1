// A diagnostic's code link opens the page of its code rendered: the link runs
// scanTargets.explainCode, which opens docs/codes/<code>.md in the Markdown preview.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, codeOf, waitForDiagnostics, waitForEvent, workspaceFile } from '../helpers';

const previewOpen = (name: string): boolean =>
  vscode.window.tabGroups.all.flatMap((g) => g.tabs).some((tab) => tab.label.includes(name) && /preview/i.test(tab.label));

describe('explain a diagnostic code', function () {
  before(activateExtension);

  it('links each diagnostic to the command that opens the page of its code, rendered', async () => {
    const uri = workspaceFile('explain.target-settings.yaml');
    await vscode.workspace.fs.writeFile(
      uri,
      new TextEncoder().encode('ids:\n  - 3Sy7TyNMnQ8x\nsite:\n  name: Shop\n  url: https://shop.example\nreport_type: owsap\n'),
    );
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const [enumError] = (await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'invalid-enum'))).filter((d) => codeOf(d) === 'invalid-enum');
    const code = enumError?.code as { value: string; target: vscode.Uri } | undefined;
    assert.strictEqual(code?.target.scheme, 'command');
    assert.strictEqual(code.target.path, 'scanTargets.explainCode');
    const args = JSON.parse(decodeURIComponent(code.target.query)) as unknown[];
    assert.deepStrictEqual(args, ['invalid-enum']);

    const opened = previewOpen('invalid-enum.md')
      ? Promise.resolve()
      : waitForEvent(vscode.window.tabGroups.onDidChangeTabs, () => previewOpen('invalid-enum.md'), 20_000, 'the preview tab');
    const page = await vscode.commands.executeCommand<vscode.Uri>('scanTargets.explainCode', ...args);
    assert.match(page.path, /\/docs\/codes\/invalid-enum\.md$/);
    await opened;

    const none = await vscode.commands.executeCommand<vscode.Uri | undefined>('scanTargets.explainCode', 'no-such-code');
    assert.strictEqual(none, undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
