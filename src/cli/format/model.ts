// What `validate` found, per file, as every output format reads it.
import type { CoreDiagnostic, Severity } from '../../core/diagnostic';

export interface FileReport {
  /** The path as given on the command line. */
  readonly file: string;
  /** Diagnostics in source order; empty when the file could not be read. */
  readonly diagnostics: readonly CoreDiagnostic[];
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
  const count = (s: Severity): number => reports.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === s).length, 0);
  return {
    files: reports.length,
    unreadable: reports.filter((r) => r.error !== undefined).length,
    errors: count('error'),
    warnings: count('warning'),
    information: count('information'),
    hints: count('hint'),
  };
}
