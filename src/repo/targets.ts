// The target-settings files a plan works on (`plan`, `apply`, the editor's apply): files named as
// they are, and in folders those the editor's globs match (`scanTargets.files`, or `--files`),
// leaving out what git ignores when the folder is in a work tree (node_modules and hidden folders
// when not).
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { minimatch } from 'minimatch';
import { contributes } from '../../package.json';
import { filesUnder, workTreeOf } from './git';

/** The editor's default `scanTargets.files`. */
export const DEFAULT_GLOBS: readonly string[] = contributes.configuration.properties['scanTargets.files'].default;

export interface TargetFile {
  /** As the user reads it: relative to the current folder (with `/`). */
  readonly display: string;
  readonly absolute: string;
}

/** The files of `paths` (files or folders) that plan works on, each once, in a stable order. */
export async function targetFiles(paths: readonly string[], globs: readonly string[], cwd: string): Promise<{ files: TargetFile[]; missing: string[] }> {
  const found = new Map<string, TargetFile>();
  const missing: string[] = [];
  const add = (absolute: string): void => {
    if (!found.has(absolute)) found.set(absolute, { absolute, display: displayPath(absolute, cwd) });
  };
  for (const given of paths) {
    const absolute = path.resolve(cwd, given);
    const stat = await fs.stat(absolute).catch(() => undefined);
    if (stat === undefined) missing.push(given);
    else if (stat.isDirectory()) for (const file of await matchingUnder(absolute, globs)) add(file);
    else add(absolute);
  }
  return { files: [...found.values()].sort((a, b) => (a.display < b.display ? -1 : a.display > b.display ? 1 : 0)), missing };
}

/** Whether `relative` (to a searched folder, with `/`) matches one of the globs. */
export function matchesGlobs(relative: string, globs: readonly string[]): boolean {
  return globs.some((glob) => minimatch(relative, glob, { dot: true }));
}

async function matchingUnder(dir: string, globs: readonly string[]): Promise<string[]> {
  const relative = (await workTreeOf(dir)) !== undefined ? await filesUnder(dir) : await walk(dir);
  const matching = relative.filter((file) => matchesGlobs(file, globs)).map((file) => path.join(dir, file));
  // git lists a tracked file deleted from the work tree too.
  const present = await Promise.all(
    matching.map((file) =>
      fs.stat(file).then(
        (s) => s.isFile(),
        () => false,
      ),
    ),
  );
  return matching.filter((_, i) => present[i]);
}

/** Files under `dir` (relative, with `/`), without hidden folders and node_modules. */
async function walk(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && entry.name !== 'node_modules') out.push(...(await walk(dir, relative)));
    } else if (entry.isFile()) {
      out.push(relative);
    }
  }
  return out;
}

export function displayPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  return (relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? absolute : relative).split(path.sep).join('/');
}
