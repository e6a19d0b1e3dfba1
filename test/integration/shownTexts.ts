// Writes, after each integration test, what the product showed inside VS Code that never reaches a
// log file: every diagnostic (message, code, related information) and the text of every virtual
// document it opened (request previews, the entitlements JSON, output channels). The canary scan
// (scripts/scan-canaries.mjs) reads these files with everything else under out/reliability/, so a
// token or sensitive value in a preview or a diagnostic fails the run even when no test looked.
// Files on disk and untitled documents are left out: the tests write the canaries into them.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const SKIPPED_SCHEMES = new Set(['file', 'untitled', 'vscode-remote', 'git']);

export function shownTextsFile(suite: string): string {
  return path.join(REPO_ROOT, 'out', 'reliability', `integration-${suite}-shown.log`);
}

/** Appends the diagnostics and virtual documents visible now, under the title of the test. */
export function recordShownTexts(file: string, testTitle: string): void {
  const lines = [`# after: ${testTitle}`];
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    for (const d of diagnostics) {
      const code = typeof d.code === 'object' ? `${d.code.value} ${d.code.target.toString()}` : String(d.code ?? '');
      lines.push(`diagnostic ${uri.toString()}:${d.range.start.line + 1}: [${code}] ${d.message}`);
      for (const related of d.relatedInformation ?? []) lines.push(`  related: ${related.message}`);
    }
  }
  for (const document of vscode.workspace.textDocuments) {
    if (SKIPPED_SCHEMES.has(document.uri.scheme)) continue;
    lines.push(`document ${document.uri.toString()}`, document.getText());
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.appendFileSync(file, lines.join('\n') + '\n');
}
