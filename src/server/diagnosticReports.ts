// The diagnostics a client pulls (LSP 3.17 `textDocument/diagnostic`), answered "unchanged" when a
// document's are what the client already has. A keystroke rarely changes them, and a file with a
// thousand (ids a bulk update rejected, a batch of ids pasted twice) would otherwise send all of
// them again on every keystroke: about 0.4 KB of JSON each, written by the server, read by the
// client, and most of the time of such a keystroke.
import { DocumentDiagnosticReportKind, type Diagnostic, type DocumentDiagnosticReport } from 'vscode-languageserver';
import { sameDiagnostics, type CoreDiagnostic } from '../core/diagnostic';

export class DiagnosticReports {
  /** The diagnostics of the last report sent for each uri, and its id. */
  private readonly sent = new Map<string, { resultId: string; diagnostics: readonly CoreDiagnostic[] }>();
  private reports = 0;

  constructor(private readonly toLsp: (diagnostic: CoreDiagnostic) => Diagnostic) {}

  /** The report of `diagnostics` to a client that holds the report `previousResultId` (if any) of `uri`. */
  report(uri: string, diagnostics: readonly CoreDiagnostic[], previousResultId: string | undefined): DocumentDiagnosticReport {
    const last = this.sent.get(uri);
    if (last !== undefined && last.resultId === previousResultId && sameDiagnostics(last.diagnostics, diagnostics)) {
      return { kind: DocumentDiagnosticReportKind.Unchanged, resultId: last.resultId };
    }
    const resultId = String(++this.reports);
    this.sent.set(uri, { resultId, diagnostics });
    return { kind: DocumentDiagnosticReportKind.Full, resultId, items: diagnostics.map(this.toLsp) };
  }

  /** Forgets `uri` (closed): the next report of it is a full one. */
  forget(uri: string): void {
    this.sent.delete(uri);
  }
}
