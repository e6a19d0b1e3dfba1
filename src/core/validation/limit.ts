// A cap on the diagnostics the editor shows: a file with 100,000 repeated ids must not send
// 100,000 diagnostics to the Problems view. Errors are kept first, so the cap never hides an error
// behind warnings, and one more diagnostic says how many were left out and how to see them.
import type { CoreDiagnostic, Severity } from '../diagnostic';

const RANK: Record<Severity, number> = { error: 0, warning: 1, information: 2, hint: 3 };

/** At most `max` of `diagnostics` (the most severe, in their order), plus a note when any were left out. */
export function limitDiagnostics(diagnostics: readonly CoreDiagnostic[], max: number): readonly CoreDiagnostic[] {
  if (diagnostics.length <= max) return diagnostics;
  const kept = diagnostics
    .map((diagnostic, index) => ({ diagnostic, index }))
    .sort((a, b) => RANK[a.diagnostic.severity] - RANK[b.diagnostic.severity] || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index)
    .map((k) => k.diagnostic);
  const left = diagnostics.length - max;
  kept.push({
    severity: 'information',
    code: 'too-many-problems',
    message:
      `${left.toLocaleString('en-US')} more ${left === 1 ? 'problem is' : 'problems are'} not shown (${diagnostics.length.toLocaleString('en-US')} in all; the most severe are shown). ` +
      'Raise the setting scanTargets.validation.maxProblems to see more; a bulk update still checks them all.',
    document: 0,
    path: '',
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
  });
  return kept;
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
