// A plan as people and machines read it: text for a terminal, Markdown for a pull request's
// summary (a table per file, id lists collapsed), JSON for scripts. Documents are numbered from 1
// wherever a person reads them; JSON also gives the 0-based `documentIndex` for machines.
import { count, plural } from '../wording';
import type { FileReport, PlanReport, UnitReport } from './report';

/** Ids written out in a Markdown list before the rest is only counted (a summary has a size limit). */
const MARKDOWN_IDS = 1000;
/** Ids written out on a text line. */
const TEXT_IDS = 10;

function changeWords(unit: UnitReport): string {
  switch (unit.change) {
    case 'ids added':
      return `${count(unit.added.length)} new ${unit.added.length === 1 ? 'id' : 'ids'} of ${count(unit.ids.length)}`;
    case 'unchanged':
      return 'unchanged';
    case 'everything':
      return `${plural(unit.ids.length, 'id')}`;
    default:
      return `${unit.change}: ${plural(unit.ids.length, 'id')}`;
  }
}

function someIds(ids: readonly string[], max: number): string {
  return ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} … and ${count(ids.length - max)} more`;
}

function headline(report: PlanReport): string {
  const { units, ids, requests } = report.totals;
  const since = report.changedSince === undefined ? 'every document' : `changed since ${report.changedSince.ref} (${report.changedSince.commit.slice(0, 12)})`;
  return `${plural(units, 'document')} to send, ${plural(ids, 'id')}, ${plural(requests, 'request')} (${since})`;
}

export function planText(report: PlanReport): string {
  const lines: string[] = [];
  for (const file of report.files) {
    lines.push(`${file.path}${file.base === 'absent' ? ' (new file)' : file.base === 'unsure' ? ' (not comparable with the base: sent whole)' : ''}`);
    for (const unit of file.units) {
      lines.push(`  document ${unit.documentIndex + 1} (line ${unit.line}): ${changeWords(unit)}`);
      if (unit.change === 'ids added') lines.push(`    new: ${someIds(unit.added, TEXT_IDS)}`);
      if (unit.send.length > 0 && unit.fields.length > 0) lines.push(`    sets: ${unit.fields.join(', ')}`);
      if (unit.removed.length > 0) lines.push(`    removed, not sent (a bulk update cannot take settings back): ${someIds(unit.removed, TEXT_IDS)}`);
    }
    for (const doc of file.removedDocuments) lines.push(`  document ${doc.documentIndex + 1}: removed, ${plural(doc.ids.length, 'id')} not sent`);
  }
  for (const file of report.removedFiles) lines.push(`${file.path} (deleted): ${plural(file.documents, 'document')}, ${plural(file.ids, 'id')} not sent`);
  if (report.files.length === 0 && report.removedFiles.length === 0) lines.push('No target-settings files found.');
  lines.push('', `Plan: ${headline(report)}.`);
  return `${lines.join('\n')}\n`;
}

/** {@link planText}, then the problems that stop the run: the editor's read-only plan (the command line prints them on stderr). */
export function planDocument(report: PlanReport): string {
  if (report.problems.length === 0) return planText(report);
  const problems = report.problems.map((p) => `  ${p.path}:${p.line}:${p.column}: ${p.message}`);
  return `${planText(report)}\n${plural(report.problems.length, 'problem')} stop the run; nothing is sent until fixed:\n${problems.join('\n')}\n`;
}

export function planMarkdown(report: PlanReport): string {
  const out: string[] = ['### Scan target settings: plan', '', `**${headline(report)}**`, ''];
  if (report.problems.length > 0) {
    out.push(`:x: **${plural(report.problems.length, 'problem')} stop the run; nothing will be sent until fixed:**`, '');
    for (const p of report.problems) out.push(`- \`${p.path}:${p.line}:${p.column}\` ${escapeCell(p.message)}`);
    out.push('');
  }
  for (const file of report.files) out.push(...fileMarkdown(file));
  if (report.removedFiles.length > 0) {
    out.push('#### Deleted files (nothing sent: a bulk update cannot take settings back)', '');
    for (const file of report.removedFiles) out.push(`- \`${file.path}\`: ${plural(file.documents, 'document')}, ${plural(file.ids, 'id')}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

function fileMarkdown(file: FileReport): string[] {
  const note = file.base === 'absent' ? ' (new file)' : file.base === 'unsure' ? ' (not comparable with the base: sent whole)' : '';
  const out = [
    `#### \`${file.path}\`${note}`,
    '',
    '| document | line | change | ids to send | new | removed (not sent) | sets |',
    '|---:|---:|---|---:|---:|---:|---|',
  ];
  for (const unit of file.units) {
    const fields = unit.fields.map((f) => `\`${f}\``).join(', ');
    out.push(
      `| ${unit.documentIndex + 1} | ${unit.line} | ${unit.change} | ${count(unit.send.length)} | ${count(unit.added.length)} | ${count(unit.removed.length)} | ${fields} |`,
    );
  }
  for (const doc of file.removedDocuments) out.push(`| ${doc.documentIndex + 1} | | removed | 0 | 0 | ${count(doc.ids.length)} | |`);
  out.push('');
  for (const unit of file.units) {
    if (unit.send.length > 0) out.push(...details(`Document ${unit.documentIndex + 1}: ids to send (${count(unit.send.length)})`, unit.send));
    if (unit.removed.length > 0)
      out.push(...details(`Document ${unit.documentIndex + 1}: ids removed, not sent (${count(unit.removed.length)})`, unit.removed));
  }
  return out;
}

function details(summary: string, ids: readonly string[]): string[] {
  return ['<details>', `<summary>${summary}</summary>`, '', `\`${someIds(ids, MARKDOWN_IDS).replace(/`/g, "'")}\``, '', '</details>', ''];
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** The plan for machines (documented in the README): numbers for people from 1, `documentIndex` from 0. */
export function planJson(report: PlanReport): string {
  return `${JSON.stringify(planJsonValue(report), null, 2)}\n`;
}

/** {@link planJson} as a value, for output that holds it (apply's). */
export function planJsonValue(report: PlanReport): unknown {
  return {
    changedSince: report.changedSince ?? null,
    files: report.files.map((file) => ({
      path: file.path,
      base: file.base,
      units: file.units.map((unit) => ({
        document: unit.documentIndex + 1,
        documentIndex: unit.documentIndex,
        line: unit.line,
        change: unit.change,
        ids: unit.ids.length,
        send: unit.send,
        added: unit.added,
        removed: unit.removed,
        fields: unit.fields,
        settings: unit.settings ?? null,
        requests: unit.requests,
      })),
      removedDocuments: file.removedDocuments.map((doc) => ({ document: doc.documentIndex + 1, documentIndex: doc.documentIndex, ids: doc.ids })),
    })),
    removedFiles: report.removedFiles,
    problems: report.problems,
    totals: report.totals,
  };
}
