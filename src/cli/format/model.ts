// What `validate` found, per file: every diagnostic (the summary counts them all), and what the
// output formats print of it (at most `--max-problems` per file, and how many were left out).
import type { CoreDiagnostic, Severity } from '../../core/diagnostic';
import { mostSevere, omittedTotal, type OmittedCounts } from '../../core/validation/limit';

export interface FileReport {
  /** The path as given on the command line. */
  readonly file: string;
  /** Diagnostics in source order; empty when the file could not be read. */
  readonly diagnostics: readonly CoreDiagnostic[];
  /** Diagnostics the check left out unmade, past what could be printed (checkText). */
  readonly unmade?: OmittedCounts;
  /** Why the file could not be read (I/O, not text); undefined when it was checked. */
  readonly error?: string;
}

export interface Summary {
  /** Files given. */
  readonly files: number;
  /** Files that could not be read. */
  readonly unreadable: number;
  readonly errors: number;
  readonly warnings: number;
  readonly information: number;
  readonly hints: number;
}

export function summarize(reports: readonly FileReport[]): Summary {
  const count = (s: Severity): number => reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === s).length + (r.unmade?.[s] ?? 0), 0);
  return {
    files: reports.length,
    unreadable: reports.filter((r) => r.error !== undefined).length,
    errors: count('error'),
    warnings: count('warning'),
    information: count('information'),
    hints: count('hint'),
  };
}

/** What a format prints of one file: at most `--max-problems` of its diagnostics, and how many it left out. */
export interface ShownReport {
  readonly file: string;
  /** The diagnostics printed (mostSevere): the most severe, in source order. */
  readonly shown: readonly CoreDiagnostic[];
  /** Diagnostics of the file not printed; the summary still counts them. */
  readonly omitted: number;
  readonly error?: string;
}

/** Each report capped to `maxProblems` diagnostics (`Infinity`: all). */
export function showReports(reports: readonly FileReport[], maxProblems: number): ShownReport[] {
  return reports.map((r) => {
    const { shown, omitted } = mostSevere(r.diagnostics, maxProblems);
    const unmade = r.unmade === undefined ? 0 : omittedTotal(r.unmade);
    return { file: r.file, shown, omitted: omitted + unmade, ...(r.error !== undefined ? { error: r.error } : {}) };
  });
}
