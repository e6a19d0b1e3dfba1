// A plan from files already read: each file's parse and diagnostics beside its text at the base,
// compared document by document (compare.ts), and every unit to send checked as `bulk-update`
// checks a document, so one problem anywhere is known before any request, with its file and line.
// Only asks whether each `${env:NAME}` variable is set; the side that sends resolves.
import { documentLine, maskBody, planRun, type RunRefusal } from '../bulk';
import type { CoreDiagnostic } from '../diagnostic';
import type { EnvCheck } from '../envPlaceholders';
import { parseFile, type ParsedFile } from '../yaml';
import { compareFile, snapshotOf, type Base, type PlannedUnit } from './compare';
import type { BaseText, FileReport, PlanProblem, PlanReport, RemovedFile, UnitReport } from './report';

export interface PlanInput {
  readonly files: readonly {
    readonly path: string;
    readonly file: ParsedFile;
    /** The file's validation diagnostics, as bulk-update checks them. */
    readonly diagnostics: readonly CoreDiagnostic[];
    readonly base: BaseText;
  }[];
  /** Files of the searched folders deleted since the base, as they stood there. */
  readonly removed: readonly { readonly path: string; readonly text: string }[];
  /** Problems found before parsing (a file that could not be read). */
  readonly problems: readonly PlanProblem[];
  readonly changedSince: PlanReport['changedSince'];
  readonly env: EnvCheck;
  readonly chunkSize: number;
}

export function assemblePlan(input: PlanInput): PlanReport {
  const { env, chunkSize } = input;
  const problems = [...input.problems];
  const files: FileReport[] = input.files.map(({ path, file, diagnostics, base }) => {
    const at = baseOf(base);
    const comparison = compareFile(
      file.documents.map((doc) => snapshotOf(doc.value)),
      at,
    );
    const units = comparison.units.map((unit) => unitReport(file, unit, diagnostics, env, chunkSize, path, problems));
    return { path, base: at.kind, units, removedDocuments: comparison.removedDocuments };
  });
  const removedFiles = input.removed.map(({ path, text }): RemovedFile => {
    const old = baseOf({ kind: 'present', text });
    const documents = old.kind === 'present' ? old.documents : [];
    return { path, documents: documents.length, ids: documents.reduce((n, doc) => n + doc.ids.length, 0) };
  });
  const sent = files.flatMap((f) => f.units).filter((u) => u.send.length > 0);
  return {
    changedSince: input.changedSince,
    files,
    removedFiles,
    problems,
    totals: { units: sent.length, ids: sent.reduce((n, u) => n + u.send.length, 0), requests: sent.reduce((n, u) => n + u.requests, 0) },
  };
}

/** A file's text at the base as documents to compare with (unsure when it cannot be parsed). */
function baseOf(base: BaseText): Base {
  if (base.kind !== 'present') return base;
  try {
    return { kind: 'present', documents: parseFile(base.text).documents.map((doc) => snapshotOf(doc.value)) };
  } catch {
    return { kind: 'unsure' };
  }
}

function unitReport(
  file: ParsedFile,
  unit: PlannedUnit,
  diagnostics: readonly CoreDiagnostic[],
  env: EnvCheck,
  chunkSize: number,
  path: string,
  problems: PlanProblem[],
): UnitReport {
  const doc = file.documents.get(unit.documentIndex)!;
  const line = documentLine(file, doc);
  const requests = Math.ceil(unit.send.length / chunkSize);
  const none = { ...unit, line, fields: [], settings: undefined, requests: 0, prepared: undefined };
  // An unchanged document is not sent, so not checked. Any other is, even with no id to send: a
  // document whose ids cannot be read is a problem, not nothing to do.
  if (unit.change === 'unchanged') return none;
  // A unit sent whole is checked as bulk-update checks a whole document (its refusals included: no
  // ids list, ids that are not strings); one that sends some ids, for those.
  const whole = unit.send.length === unit.ids.length;
  const result = planRun(file, { documentIndex: unit.documentIndex, ids: whole ? undefined : unit.send }, env, diagnostics);
  if (!result.ok) {
    problems.push(...refusalProblems(result, path, line));
    return { ...none, requests };
  }
  const { ids: _ids, ...settings } = maskBody(result.plan.prepared);
  return { ...unit, line, fields: result.plan.fields, settings, requests, prepared: result.plan.prepared };
}

/** A refused unit as problems with places: each validation error on its own line, else the document's line. */
function refusalProblems(refusal: RunRefusal, path: string, line: number): PlanProblem[] {
  if (refusal.reason === 'validation') {
    return refusal.errors.map((e) => ({ path, line: e.range.start.line + 1, column: e.range.start.character + 1, message: `${e.message} [${e.code}]` }));
  }
  return [{ path, line, column: 1, message: refusal.message }];
}
