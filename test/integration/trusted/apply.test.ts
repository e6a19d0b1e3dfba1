// Apply Changed Target Settings in VS Code, against the sandbox over loopback, in a git repository
// the test makes: the sandbox's own record holds exactly what the plan listed (an unsaved edit
// included), the rejected ids become diagnostics on their lines in a file that was not open, and a
// problem anywhere sends nothing.
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { startSandbox } from '../../../src/sandbox/server';
import type { Sandbox } from '../../../src/sandbox/types';
import { CANARY_TOKEN } from '../../fixtures/canary';
import { activateExtension, codeOf, waitForDiagnostics } from '../helpers';

interface UnitResult {
  path: string;
  uri: string;
  document: number;
  outcome: { updated: string[]; invalid: string[]; validNotApplied: string[]; notSent: string[] };
  skipped: boolean;
}
type ApplyResult = { status: 'done'; planUri: string; summary: string; units: UnitResult[] } | { status: string; message: string; planUri?: string };

const INVALID = 'zzzzzzzzzzz1';

function document(ids: readonly string[], name: string, extra = ''): string {
  return ['ids:', ...ids.map((id) => `  - ${id}`), 'site:', `  name: ${name}`, `report_type: owasp${extra}`, ''].join('\n');
}

describe('apply changed target settings', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  let ids: string[];
  let dir: string;
  const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('scanTargets');
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } });
  const write = (file: string, text: string): void => writeFileSync(path.join(dir, file), text);
  const fileUri = (file: string): vscode.Uri => vscode.Uri.file(path.join(dir, file));
  const planText = async (result: { planUri?: string }): Promise<string> =>
    (await vscode.workspace.openTextDocument(vscode.Uri.parse(result.planUri!))).getText();

  before(async () => {
    await activateExtension();
    sandbox = await startSandbox({ profile: 'full', token: CANARY_TOKEN });
    ids = sandbox.targetIds();
    assert.ok(ids.length >= 6, 'the sandbox has enough demo targets');
    await config().update('baseUrl', sandbox.url, vscode.ConfigurationTarget.Global);
    assert.strictEqual(await vscode.commands.executeCommand('scanTargets.setApiToken', { token: CANARY_TOKEN }), true);
  });

  beforeEach(() => {
    sandbox.reset();
    dir = mkdtempSync(path.join(tmpdir(), 'scan-targets-apply-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'apply@example.invalid');
    git('config', 'user.name', 'Apply Test');
    write('a.target-settings.yaml', `${document([ids[0]!, ids[1]!], 'A')}---\n${document([ids[2]!], 'B')}`);
    write('b.target-settings.yaml', document([ids[3]!], 'C'));
    git('add', '-A');
    git('commit', '-q', '-m', 'base');
  });

  afterEach(async () => {
    // Unsaved edits are reverted first: closing a dirty editor would ask.
    for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.fsPath.startsWith(dir))) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    rmSync(dir, { recursive: true, force: true });
  });

  after(async () => {
    await vscode.commands.executeCommand('scanTargets.clearApiToken');
    await config().update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await sandbox?.close();
  });

  it('sends only what changed since the last commit, unsaved edits included, and puts rejected ids on their lines', async () => {
    // a, document 1: two ids added (one the service rejects); document 2 unchanged. b: its settings
    // changed in the editor, not saved. c: a new file.
    write('a.target-settings.yaml', `${document([ids[0]!, ids[1]!, ids[4]!, INVALID], 'A')}---\n${document([ids[2]!], 'B')}`);
    write('c.target-settings.yaml', document([ids[5]!], 'D'));
    const b = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(fileUri('b.target-settings.yaml')));
    await b.edit((edit) => edit.replace(new vscode.Range(3, 0, 3, 9), '  name: C2'));
    assert.ok(b.document.isDirty && b.document.getText().includes('name: C2'), 'b has an unsaved edit');

    const result = await vscode.commands.executeCommand<ApplyResult>('scanTargets.applyChanges', { folder: dir, base: 'HEAD', confirm: false });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    const { units } = result as Extract<ApplyResult, { status: 'done' }>;
    assert.deepStrictEqual(
      units.map((u) => [u.path, u.document]),
      [
        ['a.target-settings.yaml', 1],
        ['b.target-settings.yaml', 1],
        ['c.target-settings.yaml', 1],
      ],
      'the unchanged document is not a unit',
    );
    const [a, bUnit, c] = units as [UnitResult, UnitResult, UnitResult];
    assert.deepStrictEqual(a.outcome.invalid, [INVALID]);
    assert.deepStrictEqual(a.outcome.validNotApplied, [ids[4]], 'only the new ids were sent, and the service applied none of that request');
    assert.deepStrictEqual(bUnit.outcome.updated, [ids[3]]);
    assert.deepStrictEqual(c.outcome.updated, [ids[5]]);

    // The service's own record: the changes the plan listed, and nothing else.
    assert.deepStrictEqual(
      sandbox.changes.map((change) => [change.ids, (change.settings.site as { name: string }).name]),
      [
        [[ids[3]], 'C2'],
        [[ids[5]], 'D'],
      ],
    );

    const plan = await planText(result);
    assert.match(plan, /a\.target-settings\.yaml\n {2}document 1 \(line 1\): 2 new ids of 4\n {4}new: .*zzzzzzzzzzz1/);
    assert.match(plan, /document 2 \(line \d+\): unchanged/);
    assert.match(plan, /c\.target-settings\.yaml \(new file\)/);
    assert.match(plan, /Plan: 3 documents to send, 4 ids, 3 requests \(changed since HEAD/);

    // a was never opened in an editor: its rejected id is still a diagnostic on its line (line 5, from 1).
    const onA = await waitForDiagnostics(fileUri('a.target-settings.yaml'), (ds) => ds.some((d) => codeOf(d) === 'invalid-id'));
    const invalid = onA.filter((d) => codeOf(d) === 'invalid-id');
    assert.deepStrictEqual(
      invalid.map((d) => d.range.start.line + 1),
      [5],
    );
  });

  it('a problem in any file sends nothing, and the plan names it by file and line', async () => {
    write('b.target-settings.yaml', document([ids[3]!], 'C', '\nblackout_period:\n  begin: "25:00"\n  cease: "06:00"'));
    write('c.target-settings.yaml', document([ids[5]!], 'D'));

    const result = await vscode.commands.executeCommand<ApplyResult>('scanTargets.applyChanges', { folder: dir, base: 'HEAD', confirm: false });
    assert.strictEqual(result.status, 'refused', JSON.stringify(result));
    assert.match((result as { message: string }).message, /nothing was sent/);
    assert.deepStrictEqual(sandbox.requests, [], 'no request reached the service');
    assert.match(await planText(result), /b\.target-settings\.yaml:7:\d+: /);
  });

  it('with no base, every document is sent', async () => {
    const result = await vscode.commands.executeCommand<ApplyResult>('scanTargets.applyChanges', { folder: dir, base: null, confirm: false });
    assert.strictEqual(result.status, 'done', JSON.stringify(result));
    assert.deepStrictEqual(
      sandbox.changes.map((change) => change.ids),
      [[ids[0], ids[1]], [ids[2]], [ids[3]]],
    );
  });
});
