// Live validation in a real VS Code: diagnostics appear when a target-settings file opens, on the
// offending node, follow edits, honour the severity and maxProblems settings, and go away when the
// file stops matching `scanTargets.files`. Waits on diagnostics events; never sleeps.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, codeOf, waitForDiagnostics, workspaceFile } from '../helpers';

const PROBLEMS = ['ids:', '  - 3Sy7TyNMnQ8x', 'site:', '  name: Shop', '  url: https://shop.example', 'report_type: nope', 'report_fileformt: pdf', ''].join(
  '\n',
);

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('scanTargets');
}

async function openNew(name: string, text: string): Promise<vscode.TextDocument> {
  const uri = workspaceFile(name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document);
  return document;
}

function withCode(diagnostics: readonly vscode.Diagnostic[], code: string): vscode.Diagnostic | undefined {
  return diagnostics.find((d) => codeOf(d) === code);
}

describe('live validation', () => {
  before(async () => {
    await activateExtension();
  });

  afterEach(async () => {
    for (const key of ['validation.severity', 'validation.maxProblems', 'files']) {
      await config().update(key, undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('shows each problem on its node, with its code, severity and source, when the file opens', async () => {
    const document = await openNew('problems.target-settings.yaml', PROBLEMS);
    const diagnostics = await waitForDiagnostics(
      document.uri,
      (ds) => withCode(ds, 'invalid-enum') !== undefined && withCode(ds, 'unknown-property') !== undefined,
    );
    const enumValue = withCode(diagnostics, 'invalid-enum')!;
    assert.strictEqual(enumValue.severity, vscode.DiagnosticSeverity.Error);
    assert.strictEqual(enumValue.source, 'scan-targets');
    assert.deepStrictEqual([enumValue.range.start.line, enumValue.range.start.character, enumValue.range.end.character], [5, 13, 17], 'on the value `nope`');
    assert.match(enumValue.message, /report_type/);
    assert.match(enumValue.message, /owasp/, 'names the allowed values');
    const unknown = withCode(diagnostics, 'unknown-property')!;
    assert.strictEqual(unknown.severity, vscode.DiagnosticSeverity.Warning);
    assert.deepStrictEqual([unknown.range.start.line, unknown.range.start.character, unknown.range.end.character], [6, 0, 16], 'on the key');
    assert.match(unknown.message, /report_fileformat/, 'suggests the close known name');
  });

  it('follows edits: correcting the value removes its diagnostic', async () => {
    const document = await openNew('edited.target-settings.yaml', PROBLEMS);
    await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'invalid-enum') !== undefined);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, new vscode.Range(5, 13, 5, 17), 'owasp');
    assert.ok(await vscode.workspace.applyEdit(edit));
    const after = await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'invalid-enum') === undefined);
    assert.ok(withCode(after, 'unknown-property'), 'the other problem stays');
  });

  it('raises, lowers or turns off a code by the severity setting', async () => {
    const document = await openNew('severity.target-settings.yaml', PROBLEMS);
    await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'unknown-property')?.severity === vscode.DiagnosticSeverity.Warning);
    await config().update('validation.severity', { 'unknown-property': 'error' }, vscode.ConfigurationTarget.Global);
    await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'unknown-property')?.severity === vscode.DiagnosticSeverity.Error);
    await config().update('validation.severity', { 'unknown-property': 'off' }, vscode.ConfigurationTarget.Global);
    const off = await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'unknown-property') === undefined);
    assert.ok(withCode(off, 'invalid-enum'), 'other codes are untouched');
  });

  it('shows at most maxProblems, errors first, and says how many it left out', async () => {
    const repeated = Array.from({ length: 40 }, () => '  - 3Sy7TyNMnQ8x').join('\n');
    const document = await openNew('many.target-settings.yaml', PROBLEMS.replace('  - 3Sy7TyNMnQ8x', repeated));
    await waitForDiagnostics(document.uri, (ds) => ds.filter((d) => codeOf(d) === 'duplicate-id').length === 39);
    await config().update('validation.maxProblems', 5, vscode.ConfigurationTarget.Global);
    const capped = await waitForDiagnostics(document.uri, (ds) => withCode(ds, 'too-many-problems') !== undefined);
    assert.strictEqual(capped.length, 6);
    assert.ok(withCode(capped, 'invalid-enum'), 'the error is kept although 39 warnings come before it');
    assert.match(withCode(capped, 'too-many-problems')!.message, /^41 problems in all; the 5 most severe are shown\. /);
  });

  it('clears the diagnostics of a file that stops matching scanTargets.files', async () => {
    const document = await openNew('matching.target-settings.yaml', PROBLEMS);
    await waitForDiagnostics(document.uri, (ds) => ds.length > 0);
    await config().update('files', ['**/*.other.yaml'], vscode.ConfigurationTarget.Global);
    await waitForDiagnostics(document.uri, (ds) => ds.length === 0);
  });
});
