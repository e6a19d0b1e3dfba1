// `--format github`: GitHub Actions workflow commands, one annotation per diagnostic
// (`::error file=...,line=...,col=...,endLine=...,endColumn=...,title=code::message`), 1-based.
// error -> ::error, warning -> ::warning, information and hint -> ::notice. A file with more than
// `--max-problems` diagnostics gets one more ::notice (title=too-many-problems) saying how many
// were left out.
import type { CoreDiagnostic } from '../../core/diagnostic';
import { omittedNote } from './limit';
import type { ShownReport, Summary } from './model';
import { summaryLine } from './text';

/** Escapes the message part of a workflow command: `%`, CR and LF. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command: as data, plus `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function command(d: CoreDiagnostic): 'error' | 'warning' | 'notice' {
  return d.severity === 'error' ? 'error' : d.severity === 'warning' ? 'warning' : 'notice';
}

export function annotation(file: string, d: CoreDiagnostic): string {
  const props = [
    `file=${escapeProperty(file)}`,
    `line=${d.range.start.line + 1}`,
    `col=${d.range.start.character + 1}`,
    `endLine=${d.range.end.line + 1}`,
    `endColumn=${d.range.end.character + 1}`,
    `title=${escapeProperty(d.code)}`,
  ];
  return `::${command(d)} ${props.join(',')}::${escapeData(d.message)}`;
}

/** An annotation for a file that could not be read, so the run's summary shows it too. */
export function fileErrorAnnotation(file: string, message: string): string {
  return `::error file=${escapeProperty(file)},title=unreadable-file::${escapeData(message)}`;
}

/** A notice for the diagnostics of a file that `--max-problems` left out. */
function omittedAnnotation(file: string, omitted: number): string {
  return `::notice file=${escapeProperty(file)},title=too-many-problems::${escapeData(omittedNote(omitted))}`;
}

export function formatGithub(reports: readonly ShownReport[], summary: Summary): string {
  const lines: string[] = [];
  for (const report of reports) {
    if (report.error !== undefined) lines.push(fileErrorAnnotation(report.file, report.error));
    for (const d of report.shown) lines.push(annotation(report.file, d));
    if (report.omitted > 0) lines.push(omittedAnnotation(report.file, report.omitted));
  }
  lines.push(summaryLine(summary));
  return `${lines.join('\n')}\n`;
}
