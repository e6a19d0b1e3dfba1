// The targets of the bench as rows: every row in bench/results.md, and in the README one row per
// measure, its worst case named, so that "is it fast" reads in a dozen lines.
import { verdict } from './common';

export interface TargetRow {
  /** The measure, e.g. "edit → diagnostics of that version, median". Rows of one measure share it. */
  readonly target: string;
  /** The file, shape or bundle measured. */
  readonly where: string;
  /** The figure as people read it. */
  readonly measured: string;
  readonly goal: string;
  /** The figure compared across the rows of a measure: larger is worse; NaN when not measured. */
  readonly value: number;
  readonly met: boolean;
  /** MET, or MISSED with what the measurement shows about why. */
  readonly status: string;
}

/** MET / MISSED, with the words that say why when missed (or that the figure is missing). */
export function status(ok: boolean, measured: number, why: string): string {
  if (!Number.isFinite(measured)) return `**MISSED**: not measured (${why})`;
  return ok ? verdict(true) : `${verdict(false)}: ${why}`;
}

/** A table cell: one line (a raw line break would end the row), `|` escaped. */
function cell(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|')
    .trim();
}

/** Every row, as bench/results.md lists them. */
export function fullTable(rows: readonly TargetRow[]): string[] {
  return [
    '| target | file / bundle | measured | goal | status |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${cell(r.target)} | ${cell(r.where)} | ${cell(r.measured)} | ${cell(r.goal)} | ${cell(r.status)} |`),
  ];
}

/** One row per measure, in the order measures first appear: the worst case, and in how many cases the goal was met. */
export function headlineTable(rows: readonly TargetRow[]): string[] {
  const measures = new Map<string, TargetRow[]>();
  for (const r of rows) measures.set(r.target, [...(measures.get(r.target) ?? []), r]);
  const out = ['| measure | worst case | measured | goal | met in | status of the worst case |', '|---|---|---:|---|---:|---|'];
  for (const [target, group] of measures) {
    const worst = group.reduce((w, r) => (worse(r, w) ? r : w));
    const met = group.filter((r) => r.met).length;
    out.push(`| ${cell(target)} | ${cell(worst.where)} | ${cell(worst.measured)} | ${cell(worst.goal)} | ${met} of ${group.length} | ${cell(worst.status)} |`);
  }
  return out;
}

/** Missed before met, not measured before measured, then the larger figure. */
function worse(a: TargetRow, b: TargetRow): boolean {
  if (a.met !== b.met) return !a.met;
  const aKnown = Number.isFinite(a.value);
  const bKnown = Number.isFinite(b.value);
  if (aKnown !== bKnown) return !aKnown;
  return a.value > b.value;
}
