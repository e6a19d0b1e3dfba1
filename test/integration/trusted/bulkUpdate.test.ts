import * as assert from 'assert';
import * as vscode from 'vscode';
import { at } from '../../fixtures/at';
import { CANARY_ENV_SECRETS } from '../../fixtures/canary';
import { activateExtension, codeOf, settingsFileText, waitForDiagnostics, workspaceFile } from '../helpers';

interface Outcome {
  updated: string[];
  invalid: string[];
  validNotApplied: string[];
  failed: unknown[];
  notSent: string[];
}
type RunResult = { status: 'done'; outcome: Outcome; summary: string } | { status: string; message: string };

const INVALID = ['zzzzzzzzzzz1', 'zzzzzzzzzzz2'] as const;

function settingsFile(ids: string[]): string {
  return settingsFileText(ids);
}

describe('bulk update', function () {
  let targetIds: string[] = [];
  let uri: vscode.Uri;

  before(async () => {
    await activateExtension();
    const started = await vscode.commands.executeCommand<{ url: string; targetIds: string[] }>('scanTargets.startSandbox', { quiet: true });
    targetIds = started.targetIds;
    assert.ok(targetIds.length >= 4, 'the sandbox has demo targets');
    uri = workspaceFile('bulk.target-settings.yaml');
  });

  after(async () => {
    await vscode.commands.executeCommand('scanTargets.stopSandbox');
  });

  it('updates the selected ids, reports rejected ones as diagnostics on their items, and the quick fix removes them', async () => {
    const valid = targetIds.slice(0, 3);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(settingsFile([at(valid, 0), INVALID[0], at(valid, 1), INVALID[1], at(valid, 2)])));
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document);

    // Select lines 2-4 (ids[0..2]: one valid, one invalid, one valid), partially.
    editor.selections = [new vscode.Selection(1, 5, 3, 6)];
    const first = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { confirm: false });
    assert.strictEqual(first.status, 'done', JSON.stringify(first));
    const outcome = (first as { outcome: Outcome }).outcome;
    assert.deepStrictEqual(outcome.invalid, [INVALID[0]]);
    // The service applies nothing when any id is invalid: the valid ones wait for "Update the N Valid Ids".
    assert.deepStrictEqual(outcome.validNotApplied.sort(), [valid[0], valid[1]].sort());
    assert.deepStrictEqual(outcome.updated, []);

    const diagnostics = await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'invalid-id'));
    const invalidDiagnostics = diagnostics.filter((d) => codeOf(d) === 'invalid-id');
    assert.strictEqual(invalidDiagnostics.length, 1);
    const onItem = at(invalidDiagnostics, 0);
    assert.strictEqual(onItem.range.start.line, 2, 'on the item of the rejected id');
    assert.strictEqual(onItem.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(onItem.source, 'scan-targets');

    // Edits above the item: the diagnostic follows the text.
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), '# moved down\n'));
    await waitForDiagnostics(uri, (ds) => ds.some((d) => codeOf(d) === 'invalid-id' && d.range.start.line === 3));

    // Whole document, no selection: both invalid ids are reported.
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const second = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { confirm: false });
    assert.strictEqual(second.status, 'done');
    assert.deepStrictEqual((second as { outcome: Outcome }).outcome.invalid.sort(), [...INVALID].sort());
    const both = await waitForDiagnostics(uri, (ds) => ds.filter((d) => codeOf(d) === 'invalid-id').length === 2);
    const target = both.find((d) => codeOf(d) === 'invalid-id')!;

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      target.range,
      vscode.CodeActionKind.QuickFix.value,
      // The server leaves the edits of "remove all" to codeAction/resolve: VS Code asks when told to resolve.
      10,
    );
    const removeAll = actions.find((a) => /Remove all 2 invalid ids/.test(a.title));
    assert.ok(removeAll?.edit, `a "remove all" quick fix is offered (got: ${actions.map((a) => a.title).join(' | ')})`);
    assert.ok(actions.some((a) => /^Remove invalid id /.test(a.title)));
    assert.ok(await vscode.workspace.applyEdit(removeAll.edit));
    await waitForDiagnostics(uri, (ds) => !ds.some((d) => codeOf(d) === 'invalid-id'));
    for (const id of INVALID) assert.ok(!document.getText().includes(id), `${id} was removed`);

    // Now every remaining id goes through.
    const third = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { confirm: false });
    assert.strictEqual(third.status, 'done');
    assert.deepStrictEqual((third as { outcome: Outcome }).outcome.updated.sort(), [...valid].sort());
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('previews the exact request with the sensitive value masked', async () => {
    const uri = workspaceFile('preview.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(settingsFile([at(targetIds, 0)])));
    const result = await vscode.commands.executeCommand<{ status: string; preview: string }>('scanTargets.previewBulkUpdate', {
      uri: uri.toString(),
      documentIndex: 0,
    });
    assert.strictEqual(result.status, 'previewed');
    const body = JSON.parse(result.preview) as { ids: string[]; site: { name: string } };
    assert.deepStrictEqual(body.ids, [targetIds[0]]);
    assert.strictEqual(body.site.name, 'Shop (staging)');
    assert.ok(!result.preview.includes(CANARY_ENV_SECRETS.SHOP_PW), 'the password is masked');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('previews a file whose variable is not set, marked where it stands, and refuses to run it once, in one message', async () => {
    const uri = workspaceFile('unset-env.target-settings.yaml');
    const text = settingsFile([at(targetIds, 0)]).replace('password: ${env:SHOP_PW}', 'password: ${env:SCAN_TARGETS_SURELY_UNSET_VARIABLE}');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(text));
    const previewed = await vscode.commands.executeCommand<{ status: string; preview: string; missingEnv: string[] }>('scanTargets.previewBulkUpdate', {
      uri: uri.toString(),
      documentIndex: 0,
    });
    assert.strictEqual(previewed.status, 'previewed', JSON.stringify(previewed));
    assert.deepStrictEqual(previewed.missingEnv, ['SCAN_TARGETS_SURELY_UNSET_VARIABLE']);
    assert.match(previewed.preview, /"password": "<not set: \$\{env:SCAN_TARGETS_SURELY_UNSET_VARIABLE\}>"/);

    const run = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { uri: uri.toString(), documentIndex: 0, confirm: false });
    assert.strictEqual(run.status, 'refused');
    const message = (run as { message: string }).message;
    assert.strictEqual(message.split('Nothing was sent').length - 1, 1, message);
    assert.match(message, /SCAN_TARGETS_SURELY_UNSET_VARIABLE is not set/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the report of the last run: every id under its bucket', async () => {
    const shown = await vscode.commands.executeCommand<{ status: string; uri: string }>('scanTargets.showLastReport');
    assert.strictEqual(shown.status, 'shown');
    const report = await vscode.workspace.openTextDocument(vscode.Uri.parse(shown.uri));
    assert.match(report.getText(), /^Bulk update of document 1 of bulk\.target-settings\.yaml, sent to http:\/\/127\.0\.0\.1:\d+\/api\/v1$/m);
    assert.match(report.getText(), /^Updated: 3$/m);
    for (const id of targetIds.slice(0, 3)) assert.ok(report.getText().includes(`  ${id}\n`), id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('refuses a selection that touches no id, and says how to select ids', async () => {
    const uri = workspaceFile('refused.target-settings.yaml');
    await vscode.workspace.fs.writeFile(uri, Buffer.from(settingsFile([at(targetIds, 0)])));
    const document = await vscode.workspace.openTextDocument(uri);
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(3, 2, 3, 8); // inside `name: ...`
    const result = await vscode.commands.executeCommand<RunResult>('scanTargets.bulkUpdate', { confirm: false });
    assert.strictEqual(result.status, 'refused');
    assert.match((result as { message: string }).message, /ids/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });
});
