// `--format text`: one `path:line:col: severity code message` line per diagnostic, lines and
// columns 1-based (as compilers and most CI tools print them), then a summary line. A file with
// more than `--max-problems` diagnostics gets one `path: … and N more problems …` line after its
// own.
import type { CoreDiagnostic, Severity } from '../../core/diagnostic';
import type { Palette } from '../terminal';
import { plural } from '../../core/wording';
import { omittedNote } from './limit';
import type { ShownReport, Summary } from './model';

/** `path:line:col: severity code message` for one diagnostic; continuation lines indented. */
export function diagnosticLine(file: string, d: CoreDiagnostic, paint?: Palette): string {
  const where = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
  const severity = paint ? severityPaint(d.severity, paint)(d.severity) : d.severity;
  const code = paint ? paint.dim(d.code) : d.code;
  const message = d.message.replace(/\r?\n/g, '\n    ');
  return `${paint ? paint.bold(where) : where}: ${severity} ${code} ${message}`;
}

function severityPaint(severity: Severity, paint: Palette): (text: string) => string {
  switch (severity) {
    case 'error':
      return paint.red;
    case 'warning':
      return paint.yellow;
    case 'information':
      return paint.blue;
    default:
      return paint.dim;
  }
}

export function summaryLine(summary: Summary): string {
  const checked = summary.files - summary.unreadable;
  const head =
    summary.unreadable > 0
      ? `${plural(checked, 'file')} checked, ${plural(summary.unreadable, 'file')} could not be read`
      : `${plural(checked, 'file')} checked`;
  const parts = [plural(summary.errors, 'error'), plural(summary.warnings, 'warning')];
  if (summary.information > 0) parts.push(`${summary.information} information`);
  if (summary.hints > 0) parts.push(plural(summary.hints, 'hint'));
  const none = summary.errors + summary.warnings + summary.information + summary.hints === 0;
  return `${head}: ${none ? (summary.unreadable > 0 && checked > 0 ? 'no problems found in the files checked' : 'no problems found') : parts.join(', ')}.`;
}

/** `path: … and N more problems in this file not shown; …`, after the lines of a capped file. */
export function omittedLine(file: string, omitted: number, paint?: Palette): string {
  return `${paint ? paint.bold(file) : file}: ${omittedNote(omitted)}`;
}

/** The whole text report (unreadable files are reported on stderr, not here). */
export function formatText(reports: readonly ShownReport[], summary: Summary, paint?: Palette): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const d of report.shown) lines.push(diagnosticLine(report.file, d, paint));
    if (report.omitted > 0) lines.push(omittedLine(report.file, report.omitted, paint));
  }
  lines.push(summaryLine(summary));
  return `${lines.join('\n')}\n`;
}
