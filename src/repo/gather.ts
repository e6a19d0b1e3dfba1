// What a plan needs from the disk and from git, before anything is parsed: the target-settings
// files under the paths with their texts, and with a base revision each one's text there, the
// files deleted since then, and the revision's commit. Shared by `scan-targets plan`/`apply` and
// the editor's apply (which reads open documents from the editor, unsaved changes included).
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import type { BaseText, PlanProblem } from '../core/plan/report';
import { commitOf, deletedAndRenamed, fileAt, workTreeOf } from './git';
import { displayPath, matchesGlobs, targetFiles } from './targets';
import type { ReadResult } from './textFile';

export interface GatherOptions {
  /** Files and folders (relative to `cwd`). */
  readonly paths: readonly string[];
  readonly globs: readonly string[];
  /** A git revision to compare with; undefined: none (every document is sent). */
  readonly changedSince: string | undefined;
  readonly cwd: string;
  /** Reads a file's current text (`readTextFile`, or the editor's document first). */
  readonly read: (absolute: string) => Promise<ReadResult>;
}

export interface GatheredFile {
  /** Relative to `cwd`, with `/`. */
  readonly path: string;
  readonly absolute: string;
  readonly text: string;
  readonly base: BaseText;
}

export interface Gathered {
  readonly files: readonly GatheredFile[];
  /** Files under the paths deleted since the base, with their text there. */
  readonly removed: readonly { readonly path: string; readonly text: string }[];
  /** Files that could not be read. */
  readonly problems: readonly PlanProblem[];
  readonly changedSince: { readonly ref: string; readonly commit: string } | undefined;
}

/** Why nothing could be gathered; each front end words it for its own input. */
export type GatherRefusal =
  | { readonly reason: 'missing'; readonly missing: readonly string[] }
  | { readonly reason: 'no work tree' }
  | { readonly reason: 'no revision'; readonly ref: string };

export async function gather(options: GatherOptions): Promise<{ ok: true; gathered: Gathered } | ({ ok: false } & GatherRefusal)> {
  const { cwd, globs, changedSince } = options;
  const { files: targets, missing } = await targetFiles(options.paths, globs, cwd);
  if (missing.length > 0) return { ok: false, reason: 'missing', missing };
  let base: BaseRevision | undefined;
  if (changedSince !== undefined) {
    const opened = await openBase(changedSince, cwd);
    if (!opened.ok) return opened;
    base = opened.base;
  }

  const files: GatheredFile[] = [];
  const problems: PlanProblem[] = [];
  for (const target of targets) {
    const read = await options.read(target.absolute);
    if (!read.ok) {
      problems.push({ path: target.display, line: 1, column: 1, message: read.message.replace(`${target.absolute}: `, '') });
      continue;
    }
    files.push({
      path: target.display,
      absolute: target.absolute,
      text: read.text,
      base: base === undefined ? { kind: 'none' } : await base.at(target.absolute),
    });
  }

  const removed: { path: string; text: string }[] = [];
  if (base !== undefined) {
    // (Paths of the work tree are real paths: the folders given are compared as real paths too.)
    const real = (p: string): Promise<string> => realpath(p).catch(() => p);
    const roots = await Promise.all(options.paths.map((given) => real(path.resolve(cwd, given))));
    const realCwd = await real(cwd);
    for (const relative of base.deleted) {
      const absolute = path.join(base.top, relative);
      if (!underOneOf(absolute, roots) || !matchesGlobs(relative, globs)) continue;
      const old = await base.at(absolute);
      removed.push({ path: displayPath(absolute, realCwd), text: old.kind === 'present' ? old.text : '' });
    }
  }
  return { ok: true, gathered: { files, removed, problems, changedSince: base && { ref: changedSince!, commit: base.commit } } };
}

interface BaseRevision {
  readonly top: string;
  readonly commit: string;
  /** Paths (relative to `top`) deleted since the commit. */
  readonly deleted: readonly string[];
  /** A file (absolute) as it stood at the commit. */
  at(absolute: string): Promise<BaseText>;
}

async function openBase(ref: string, cwd: string): Promise<{ ok: true; base: BaseRevision } | ({ ok: false } & GatherRefusal)> {
  const top = await workTreeOf(cwd);
  if (top === undefined) return { ok: false, reason: 'no work tree' };
  const commit = await commitOf(top, ref);
  if (commit === undefined) return { ok: false, reason: 'no revision', ref };
  const { deleted, renamed } = await deletedAndRenamed(top, commit);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const at = async (absolute: string): Promise<BaseText> => {
    // git names the work tree by its real path (a linked /tmp, a symlinked checkout): so is the file.
    const real = await realpath(absolute).catch(() => absolute);
    const relative = path.relative(top, real).split(path.sep).join('/');
    // A renamed file is sent whole: its documents are not matched with the old file's.
    if (renamed.has(relative)) return { kind: 'unsure' };
    const bytes = await fileAt(top, commit, relative);
    if (bytes === 'absent') return { kind: 'absent' };
    if (bytes === 'unreadable') return { kind: 'unsure' };
    try {
      return { kind: 'present', text: decoder.decode(bytes) };
    } catch {
      return { kind: 'unsure' };
    }
  };
  return { ok: true, base: { top, commit, deleted, at } };
}

/** Whether `absolute` is one of `roots` or inside one of them. */
function underOneOf(absolute: string, roots: readonly string[]): boolean {
  return roots.some((root) => {
    const relative = path.relative(root, absolute);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  });
}
