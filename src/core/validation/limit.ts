// A cap on the diagnostics the editor shows: a file with 100,000 repeated ids must not send
// 100,000 diagnostics to the Problems view. Errors are kept first, so the cap never hides an error
// behind warnings, and one more diagnostic says how many were left out and how to see them.
import type { CoreDiagnostic, Severity } from '../diagnostic';
import { capitalize, count } from '../wording';

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'information', 'hint'];

/**
 * How many diagnostics a cap left out without making them (Validator.validateFileUpTo), by the
 * severity each would have had: a report that counts every problem by severity (the command
 * line's summary) stays exact.
 */
export type OmittedCounts = Readonly<Record<Severity, number>>;

export function omittedTotal(omitted: OmittedCounts): number {
  return omitted.error + omitted.warning + omitted.information + omitted.hint;
}

export interface MostSevere {
  /** At most `max` of the diagnostics, the most severe, each in its place. */
  readonly shown: readonly CoreDiagnostic[];
  /** How many were left out (exact). */
  readonly omitted: number;
}

/** At most `max` of `diagnostics` (`Infinity`: all): errors first, then warnings, ...; each kept in its place. */
export function mostSevere(diagnostics: readonly CoreDiagnostic[], max: number): MostSevere {
  if (diagnostics.length <= max) return { shown: diagnostics, omitted: 0 };
  // How many of each severity fit, most severe first; then one pass in the file's order.
  const perSeverity = new Map<Severity, number>();
  for (const d of diagnostics) perSeverity.set(d.severity, (perSeverity.get(d.severity) ?? 0) + 1);
  const quota = new Map<Severity, number>();
  let room = max;
  for (const severity of SEVERITIES) {
    const take = Math.min(room, perSeverity.get(severity) ?? 0);
    quota.set(severity, take);
    room -= take;
  }
  const shown: CoreDiagnostic[] = [];
  for (const d of diagnostics) {
    const left = quota.get(d.severity) ?? 0;
    if (left === 0) continue;
    quota.set(d.severity, left - 1);
    shown.push(d);
  }
  return { shown, omitted: diagnostics.length - shown.length };
}

/**
 * At most `max` of `diagnostics` (the most severe, in their order), plus a note when any were left
 * out, `omitted` of them before (not made at all).
 */
export function limitDiagnostics(diagnostics: readonly CoreDiagnostic[], max: number, omitted = 0): readonly CoreDiagnostic[] {
  if (diagnostics.length <= max && omitted === 0) return diagnostics;
  const kept = [...mostSevere(diagnostics, max).shown];
  const shown = kept.length;
  kept.push({
    severity: 'information',
    code: 'too-many-problems',
    message:
      `${capitalize(problemsInAll(diagnostics.length + omitted))}; ${shown === 1 ? 'the most severe is' : `the ${count(shown)} most severe are`} shown. ` +
      'Raise the setting scanTargets.validation.maxProblems to see more; a bulk update still checks them all.',
    document: 0,
    path: '',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  });
  return kept;
}

/**
 * How many problems the note says there are: exactly under 1,000; from there, rounded down to
 * three figures ("more than 199,000 problems"). The note is one of the diagnostics the editor
 * holds: exact, it changed with every keystroke that added or removed one of thousands of
 * problems (an id typed in a list of 100,000 ids read as numbers), and the editor was sent every
 * diagnostic shown again, 0.4 MB for 1,000, where it could have been told "unchanged".
 */
function problemsInAll(total: number): string {
  const unit = total < 1000 ? 1 : 10 ** (String(total).length - 3);
  const roundedDown = Math.floor(total / unit) * unit;
  return roundedDown === total ? `${count(total)} problems in all` : `more than ${count(roundedDown)} problems`;
}

/**
 * The one diagnostic of a file too large to validate as the user types (`size` in characters):
 * parsing it on every change would keep the language server busy for seconds each time.
 */
export function fileTooLargeDiagnostic(size: number, maxMegabytes: number): CoreDiagnostic {
  const megabytes = (size / 1024 / 1024).toFixed(1);
  return {
    severity: 'warning',
    code: 'file-too-large',
    message:
      `This file is ${megabytes} MB, more than the ${maxMegabytes} MB validated as you type (setting scanTargets.validation.maxFileSizeMB), ` +
      'so it is not validated, completed or checked here. Run "scan-targets validate" on it to check it whole, or raise the setting.',
    document: 0,
    path: '',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  };
}
