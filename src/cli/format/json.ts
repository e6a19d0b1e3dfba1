// `--format json`: one object on stdout,
//   {"files":[{"file","diagnostics":[{severity,code,message,document,documentIndex,path,range}],"omitted"}],
//    "summary":{"files","errors","warnings"}}
// with `document` numbered from 1 as people read it, and for machines `documentIndex` and the
// range's lines and characters from 0 (as in LSP and VS Code's API). `diagnostics` holds at most `--max-problems`
// of the file's diagnostics and `omitted` the exact number left out (0 when none); the summary
// counts them all. A file that could not be read also has `"error": "<why>"` (and no diagnostics).
import type { CoreDiagnostic } from '../../core/diagnostic';
import type { ShownReport, Summary } from './model';

export interface JsonDiagnostic {
  severity: CoreDiagnostic['severity'];
  code: string;
  message: string;
  /** From 1. */
  document: number;
  /** From 0. */
  documentIndex: number;
  path: string;
  range: CoreDiagnostic['range'];
}

/** A diagnostic with exactly the documented keys (no `data`). */
export function jsonDiagnostic(d: CoreDiagnostic): JsonDiagnostic {
  return {
    severity: d.severity,
    code: d.code,
    message: d.message,
    document: d.document + 1,
    documentIndex: d.document,
    path: d.path,
    range: {
      start: { line: d.range.start.line, character: d.range.start.character },
      end: { line: d.range.end.line, character: d.range.end.character },
    },
  };
}

export function formatJson(reports: readonly ShownReport[], summary: Summary): string {
  const value = {
    files: reports.map((r) => ({
      file: r.file,
      diagnostics: r.shown.map(jsonDiagnostic),
      omitted: r.omitted,
      ...(r.error !== undefined ? { error: r.error } : {}),
    })),
    summary: { files: summary.files, errors: summary.errors, warnings: summary.warnings },
  };
  return `${JSON.stringify(value)}\n`;
}
