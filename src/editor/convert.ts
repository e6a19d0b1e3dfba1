// Conversions between core's plain data and VS Code's types. Nothing else.
import * as vscode from 'vscode';
import type { OffsetEdit } from '../core/assist/edits';
import { DIAGNOSTIC_SOURCE, type CoreDiagnostic, type Range, type Severity } from '../core/diagnostic';
import type { OffsetRange } from '../core/yaml';

const SEVERITY: Record<Severity, vscode.DiagnosticSeverity> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  information: vscode.DiagnosticSeverity.Information,
  hint: vscode.DiagnosticSeverity.Hint,
};

export function toRange(range: Range): vscode.Range {
  return new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
}

/** Offsets computed on `document`'s text at its current version. */
export function offsetRange(document: vscode.TextDocument, range: OffsetRange): vscode.Range {
  return new vscode.Range(document.positionAt(range.start), document.positionAt(range.end));
}

export function toWorkspaceEdit(document: vscode.TextDocument, edits: readonly OffsetEdit[], edit = new vscode.WorkspaceEdit()): vscode.WorkspaceEdit {
  for (const e of edits) edit.replace(document.uri, offsetRange(document, e.range), e.newText);
  return edit;
}

export function fromRange(range: vscode.Range): Range {
  return { start: { line: range.start.line, character: range.start.character }, end: { line: range.end.line, character: range.end.character } };
}

/** `codesDoc` is where each code is documented (the README); the link carries the code as fragment. */
export function toDiagnostic(core: CoreDiagnostic, codesDoc: vscode.Uri): vscode.Diagnostic {
  const diagnostic = new vscode.Diagnostic(toRange(core.range), core.message, SEVERITY[core.severity]);
  diagnostic.source = DIAGNOSTIC_SOURCE;
  diagnostic.code = { value: core.code, target: codesDoc.with({ fragment: `code-${core.code}` }) };
  if (core.code === 'duplicate-id') diagnostic.tags = [vscode.DiagnosticTag.Unnecessary];
  return diagnostic;
}

/**
 * Code-action providers get copies of the diagnostics, without extra properties, so the core
 * diagnostic behind one is found again by code, message and range.
 */
export function sameDiagnostic(core: CoreDiagnostic, diagnostic: vscode.Diagnostic): boolean {
  return codeOf(diagnostic) === core.code && diagnostic.message === core.message && diagnostic.range.isEqual(toRange(core.range));
}

export function codeOf(diagnostic: vscode.Diagnostic): string | undefined {
  const code = diagnostic.code;
  if (code === undefined) return undefined;
  return typeof code === 'object' ? String(code.value) : String(code);
}
