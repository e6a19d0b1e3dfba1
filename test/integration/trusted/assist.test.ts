// Editing assistance in a real VS Code: completion, hover and quick fixes through the commands
// every extension uses (`vscode.execute*Provider`), and the new-file command. Waits on events.
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateExtension, codeOf, waitForDiagnostics, workspaceFile } from '../helpers';

function labelOf(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}

function markdownOf(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

/** Position of the first line whose text equals `line` (or starts with it), at `character`. */
function positionOf(document: vscode.TextDocument, line: string, character: number): vscode.Position {
  for (let i = 0; i < document.lineCount; i++) {
    if (document.lineAt(i).text === line || (line !== '' && document.lineAt(i).text.startsWith(line))) return new vscode.Position(i, character);
  }
  throw new Error(`no line ${JSON.stringify(line)} in ${document.uri.path}`);
}

async function completionLabels(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position);
  return list.items.map(labelOf);
}

async function openFixture(name: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(name));
  await vscode.window.showTextDocument(document);
  return document;
}

describe('editing assistance', () => {
  before(async () => {
    await activateExtension();
  });

  it('completes the property names that fit a blank line, by its indentation', async () => {
    const document = await openFixture('assist.target-settings.yaml');
    // The blank line inside `site:`, indented as the editor indents it after Enter.
    const blank = positionOf(document, '', 0);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, blank, '  ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      const labels = await completionLabels(document, blank.translate(0, 2));
      assert.ok(labels.includes('desc') && labels.includes('cookies') && labels.includes('api_scan_settings'), labels.join(', '));
      assert.ok(!labels.includes('name') && !labels.includes('url') && !labels.includes('headers'), 'present keys are left out');
      assert.ok(!labels.includes('report_type'), 'no root property inside site');
      // At column 0 of the same line: the root's properties.
      const root = await completionLabels(document, blank);
      assert.ok(root.includes('type') && !root.includes('site') && !root.includes('desc'), root.join(', '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('completes enum values with their meaning, and item keys after `- `', async () => {
    const document = await openFixture('assist.target-settings.yaml');
    const value = positionOf(document, 'report_type: owasp', 'report_type: '.length);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, value);
    const pci4 = list.items.find((i) => labelOf(i) === 'pci4');
    assert.ok(pci4, list.items.map(labelOf).join(', '));
    const doc = pci4.documentation;
    assert.match(typeof doc === 'string' ? doc : (doc?.value ?? ''), /PCI v4\.0\.1/);
    // The second document: keys of a cookie item, on the line after the last key.
    const edit = new vscode.WorkspaceEdit();
    const after = positionOf(document, '      value: ${env:SCAN_TARGETS_SURELY_UNSET_VARIABLE}', 0);
    edit.insert(document.uri, new vscode.Position(after.line + 1, 0), '    - \n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    try {
      const at = new vscode.Position(after.line + 1, 6);
      const items = (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, at)).items;
      const labels = items.map(labelOf);
      assert.ok(labels.includes('name') && labels.includes('value') && labels.includes('Header or cookie'), labels.join(', '));
      // Inserted by the editor's snippet engine, the later lines line up under the first key.
      const snippet = items.find((i) => labelOf(i) === 'Sensitive header or cookie')!;
      const editor = await vscode.window.showTextDocument(document);
      const range = snippet.range instanceof vscode.Range ? snippet.range : snippet.range!.replacing;
      assert.ok(await editor.insertSnippet(snippet.insertText as vscode.SnippetString, range));
      assert.deepStrictEqual(
        [0, 1, 2].map((i) => document.lineAt(at.line + i).text),
        ['    - name: Authorization', '      value: ', '      value_is_sensitive: true'],
      );
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('hovers a key with the schema’s description and allowed values', async () => {
    const document = await openFixture('assist.target-settings.yaml');
    const key = positionOf(document, 'report_type: owasp', 3);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, key);
    const markdown = markdownOf(hovers);
    assert.match(markdown, /Report type/);
    assert.match(markdown, /`owasp` \*\(current\)\* — OWASP Top 10\./);
  });

  it('hovers ${env:NAME}: says whether it is set, never its value', async function () {
    // An extension host in a browser has no environment: the browser suite has its own test of this hover.
    if (typeof process === 'undefined') this.skip();
    const document = await openFixture('assist.target-settings.yaml');
    const set = positionOf(document, '    password: ${env:', '    password: ${env:'.length + 3);
    const setMarkdown = markdownOf(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, set));
    assert.match(setMarkdown, /`SCAN_TARGETS_TEST_RESULTS`\*\* is \*\*set\*\*/);
    const secret = process.env.SCAN_TARGETS_TEST_RESULTS ?? '';
    assert.ok(secret.length > 0 && !setMarkdown.includes(secret), 'the value is not shown');
    const unset = positionOf(document, '      value: ${env:', '      value: ${env:'.length + 3);
    const unsetMarkdown = markdownOf(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, unset));
    assert.match(unsetMarkdown, /is \*\*not set\*\*/);
  });

  it('offers quick fixes for validation’s diagnostics; applying one clears its diagnostic', async () => {
    const document = await openFixture('assist-fixes.target-settings.yaml');
    const uri = document.uri;
    try {
      for (const { line, code, expect } of [
        { line: 'report_type: OWASP', code: 'invalid-enum', expect: 'report_type: owasp' },
        { line: '  hass_otp: false', code: 'unknown-property', expect: '  has_otp: false' },
        { line: '  - 3Sy7TyNMnQ8x', code: 'duplicate-id', expect: undefined },
      ]) {
        const lineNumber = code === 'duplicate-id' ? 4 : positionOf(document, line, 0).line;
        const onLine = (ds: vscode.Diagnostic[]): vscode.Diagnostic | undefined => ds.find((d) => codeOf(d) === code && d.range.start.line === lineNumber);
        const [diagnostic] = (await waitForDiagnostics(uri, (ds) => onLine(ds) !== undefined, 20_000)).filter((d) => onLine([d]) !== undefined);
        assert.ok(diagnostic, `a ${code} diagnostic on line ${lineNumber}`);
        const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
          'vscode.executeCodeActionProvider',
          uri,
          diagnostic.range,
          vscode.CodeActionKind.QuickFix.value,
        );
        const ours = actions.filter(
          (a) => a.kind?.value === vscode.CodeActionKind.QuickFix.value && (a.diagnostics === undefined || a.diagnostics.some((d) => codeOf(d) === code)),
        );
        const preferred = ours.find((a) => a.isPreferred);
        assert.ok(preferred?.edit, `a preferred fix for ${code}: ${ours.map((a) => a.title).join(' | ')}`);
        assert.ok(await vscode.workspace.applyEdit(preferred.edit));
        if (expect !== undefined) assert.strictEqual(document.lineAt(lineNumber).text, expect);
        else
          assert.ok(
            !document
              .getText()
              .split('\n')
              .slice(3)
              .some((l) => l.includes('3Sy7TyNMnQ8x')),
            'the repeated id is gone',
          );
        await waitForDiagnostics(uri, (ds) => !ds.some((d) => codeOf(d) === code), 20_000);
      }
    } finally {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('opens a new target-settings file from the template', async () => {
    const document = await vscode.commands.executeCommand<vscode.TextDocument>('scanTargets.newSettingsFile');
    try {
      assert.ok(document, 'the command returns the document');
      assert.strictEqual(document.isUntitled, true);
      assert.strictEqual(document.languageId, 'yaml');
      assert.match(document.uri.path, /\/new(-\d+)?\.target-settings\.yaml$/, 'named, so its tab says what it is');
      const text = document.getText();
      assert.doesNotMatch(text, /yaml-language-server/, 'no modeline, so Red Hat YAML stays out of it');
      assert.match(text, /\nids:\n {2}- \S+\n/);
      assert.match(text, /\nsite:\n {2}name: .+\n {2}url: https:\/\//);
      // It is a target-settings file: completion works in it.
      const labels = await completionLabels(document, new vscode.Position(document.lineCount - 1, 0));
      assert.ok(labels.includes('report_type'), labels.join(', '));
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
