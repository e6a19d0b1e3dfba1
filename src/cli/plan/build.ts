// A plan over files and folders: each YAML document of each target-settings file is one unit; with
// a base revision, only what changed since it is sent (core/plan/compare.ts). Every unit to send is
// checked as `bulk-update` checks a document, so one problem anywhere is known before any request,
// with its file and line. Holds no resolved `${env:NAME}` value: the plan only asks whether each
// variable is set; the side that sends resolves.
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import { DEFAULT_CHUNK_SIZE, documentLine, maskBody, planRun, type PreparedBody, type RunRefusal } from '../../core/bulk';
import type { CoreDiagnostic } from '../../core/diagnostic';
import type { EnvCheck } from '../../core/envPlaceholders';
import { compareFile, snapshotOf, type Base, type PlannedUnit } from '../../core/plan/compare';
import { parseFile, type ParsedFile } from '../../core/yaml';
import { checkText } from '../check';
import { UsageError } from '../exit';
import { readTextFile } from '../files';
import { commitOf, deletedAndRenamed, fileAt, workTreeOf } from './git';
import { displayPath, matchesGlobs, targetFiles } from './targets';

export interface UnitReport extends PlannedUnit {
  /** 1-based line where the document starts. */
  readonly line: number;
  /** Dotted names of the fields the update sets (empty when nothing is sent or the unit has a problem). */
  readonly fields: readonly string[];
  /** The settings as sent, sensitive and `${env:...}` values masked (undefined when nothing is sent or the unit has a problem). */
  readonly settings: Readonly<Record<string, unknown>> | undefined;
  /** Requests it takes (ids to send in chunks). */
  readonly requests: number;
  /** The body to send, placeholders unresolved (undefined when nothing is sent or the unit has a problem). */
  readonly prepared: PreparedBody | undefined;
}

export interface FileReport {
  /** Relative to the current folder, with `/`. */
  readonly path: string;
  readonly absolute: string;
  /** How the file stood at the base: not compared (no base), absent (new), unsure, or present. */
  readonly base: Base['kind'];
  readonly units: readonly UnitReport[];
  readonly removedDocuments: readonly { readonly documentIndex: number; readonly ids: readonly string[] }[];
  /** The parse, for front ends that send and place rejected ids on lines. */
  readonly file: ParsedFile | undefined;
}

export interface RemovedFile {
  readonly path: string;
  readonly documents: number;
  readonly ids: number;
}

/** Something that stops the whole run before any request. Lines and columns from 1. */
export interface PlanProblem {
  readonly path: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export interface PlanReport {
  /** The revision compared with, as given, and the commit it names. */
  readonly changedSince: { readonly ref: string; readonly commit: string } | undefined;
  readonly files: readonly FileReport[];
  readonly removedFiles: readonly RemovedFile[];
  readonly problems: readonly PlanProblem[];
  readonly totals: { readonly units: number; readonly ids: number; readonly requests: number };
}

export interface PlanOptions {
  /** Files and folders (relative to `cwd`). */
  readonly paths: readonly string[];
  readonly globs: readonly string[];
  readonly changedSince: string | undefined;
  readonly cwd: string;
  readonly env: EnvCheck;
  readonly chunkSize?: number;
}

export async function buildPlan(options: PlanOptions): Promise<PlanReport> {
  const { cwd, env, globs } = options;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const { files, missing } = await targetFiles(options.paths, globs, cwd);
  if (missing.length > 0) throw new UsageError(`no such file or folder: ${missing.join(', ')}.`);
  const base = options.changedSince === undefined ? undefined : await baseOf(options.changedSince, cwd);

  const reports: FileReport[] = [];
  const problems: PlanProblem[] = [];
  for (const target of files) {
    const read = await readTextFile(target.absolute);
    if (!read.ok) {
      problems.push({ path: target.display, line: 1, column: 1, message: read.message.replace(`${target.absolute}: `, '') });
      continue;
    }
    const { file, diagnostics } = checkText(read.text, env);
    const at = base === undefined ? ({ kind: 'none' } as const) : await baseSnapshot(base, target.absolute);
    const comparison = compareFile(
      file.documents.map((doc) => snapshotOf(doc.value)),
      at,
    );
    const units = comparison.units.map((unit) => unitReport(file, unit, diagnostics, env, chunkSize, target.display, problems));
    reports.push({ path: target.display, absolute: target.absolute, base: at.kind, units, removedDocuments: comparison.removedDocuments, file });
  }

  const removedFiles: RemovedFile[] = [];
  if (base !== undefined) {
    // (Paths of the work tree are real paths: the folders given are compared as real paths too.)
    const real = (p: string): Promise<string> => realpath(p).catch(() => p);
    const roots = await Promise.all(options.paths.map((given) => real(path.resolve(cwd, given))));
    const realCwd = await real(cwd);
    for (const relative of base.deleted) {
      const absolute = path.join(base.top, relative);
      if (!underOneOf(absolute, roots) || !matchesGlobs(relative, globs)) continue;
      const old = await base.at(relative);
      const documents = old.kind === 'present' ? old.documents : [];
      removedFiles.push({ path: displayPath(absolute, realCwd), documents: documents.length, ids: documents.reduce((n, doc) => n + doc.ids.length, 0) });
    }
  }

  const sent = reports.flatMap((r) => r.units).filter((u) => u.send.length > 0);
  return {
    changedSince: base === undefined ? undefined : { ref: options.changedSince!, commit: base.commit },
    files: reports,
    removedFiles,
    problems,
    totals: { units: sent.length, ids: sent.reduce((n, u) => n + u.send.length, 0), requests: sent.reduce((n, u) => n + u.requests, 0) },
  };
}

function unitReport(
  file: ParsedFile,
  unit: PlannedUnit,
  diagnostics: readonly CoreDiagnostic[],
  env: EnvCheck,
  chunkSize: number,
  display: string,
  problems: PlanProblem[],
): UnitReport {
  const doc = file.documents[unit.documentIndex]!;
  const line = documentLine(file, doc);
  const none = { ...unit, line, fields: [], settings: undefined, requests: 0, prepared: undefined };
  // An unchanged document is not sent, so not checked. Any other is, even with no id to send: a
  // document whose ids cannot be read is a problem, not nothing to do.
  if (unit.change === 'unchanged') return none;
  // A unit sent whole is checked as bulk-update checks a whole document (its refusals included: no
  // ids list, ids that are not strings); one that sends some ids, for those.
  const whole = unit.send.length === unit.ids.length;
  const result = planRun(file, { documentIndex: unit.documentIndex, ids: whole ? undefined : unit.send }, env, diagnostics);
  if (!result.ok) {
    problems.push(...refusalProblems(result, display, line));
    return { ...none, requests: Math.ceil(unit.send.length / chunkSize) };
  }
  const { ids: _ids, ...settings } = maskBody(result.plan.prepared);
  const requests = Math.ceil(unit.send.length / chunkSize);
  return { ...unit, line, fields: result.plan.fields, settings, requests, prepared: result.plan.prepared };
}

/** A refused unit as problems with places: each validation error on its own line, else the document's line. */
function refusalProblems(refusal: RunRefusal, display: string, line: number): PlanProblem[] {
  if (refusal.reason === 'validation') {
    return refusal.errors.map((e) => ({
      path: display,
      line: e.range.start.line + 1,
      column: e.range.start.character + 1,
      message: `${e.message} [${e.code}]`,
    }));
  }
  return [{ path: display, line, column: 1, message: refusal.message }];
}

interface BaseRevision {
  readonly top: string;
  readonly commit: string;
  /** Paths (relative to `top`) deleted since the commit. */
  readonly deleted: readonly string[];
  /** A file (relative to `top`) as it stood at the commit. */
  at(relative: string): Promise<Base>;
}

async function baseOf(ref: string, cwd: string): Promise<BaseRevision> {
  const top = await workTreeOf(cwd);
  if (top === undefined) throw new UsageError('--changed-since compares with a git revision: run it inside a git work tree (and with git installed).');
  const commit = await commitOf(top, ref);
  if (commit === undefined) throw new UsageError(`--changed-since ${ref}: no such revision (a branch, tag or commit; in a shallow clone, fetch it first).`);
  const { deleted, renamed } = await deletedAndRenamed(top, commit);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const at = async (relative: string): Promise<Base> => {
    // A renamed file is sent whole: its documents are not matched with the old file's.
    if (renamed.has(relative)) return { kind: 'unsure' };
    const bytes = await fileAt(top, commit, relative);
    if (bytes === 'absent') return { kind: 'absent' };
    if (bytes === 'unreadable') return { kind: 'unsure' };
    try {
      return { kind: 'present', documents: parseFile(decoder.decode(bytes)).documents.map((doc) => snapshotOf(doc.value)) };
    } catch {
      return { kind: 'unsure' };
    }
  };
  return { top, commit, deleted, at };
}

/** How `absolute` stood at the base revision. */
async function baseSnapshot(base: BaseRevision, absolute: string): Promise<Base> {
  // git names the work tree by its real path (a linked /tmp, a symlinked checkout): so is the file.
  const real = await realpath(absolute).catch(() => absolute);
  return base.at(path.relative(base.top, real).split(path.sep).join('/'));
}

/** Whether `absolute` is one of `roots` or inside one of them. */
function underOneOf(absolute: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const relative = path.relative(root, absolute);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}
