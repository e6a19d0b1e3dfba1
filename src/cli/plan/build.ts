// The plan of `scan-targets plan` and `apply`: the files and their bases read from the disk and git
// (repo/gather.ts), each file checked as `validate` checks it, then assembled by core
// (core/plan/assemble.ts). Holds no resolved `${env:NAME}` value.
import { DEFAULT_CHUNK_SIZE } from '../../core/bulk';
import type { EnvCheck } from '../../core/envPlaceholders';
import { assemblePlan } from '../../core/plan/assemble';
import type { PlanReport } from '../../core/plan/report';
import type { ParsedFile } from '../../core/yaml';
import { gather } from '../../repo/gather';
import { readTextFile } from '../../repo/textFile';
import { checkText } from '../check';
import { UsageError } from '../exit';

export interface PlanOptions {
  /** Files and folders (relative to `cwd`). */
  readonly paths: readonly string[];
  readonly globs: readonly string[];
  readonly changedSince: string | undefined;
  readonly cwd: string;
  readonly env: EnvCheck;
  readonly chunkSize?: number;
}

export interface BuiltPlan {
  readonly report: PlanReport;
  /** Each file's parse by its path in the report, to place rejected ids on lines. */
  readonly parses: ReadonlyMap<string, ParsedFile>;
}

export async function buildPlan(options: PlanOptions): Promise<BuiltPlan> {
  const gathered = await gather({ ...options, read: readTextFile });
  if (!gathered.ok) {
    switch (gathered.reason) {
      case 'missing':
        throw new UsageError(`no such file or folder: ${gathered.missing.join(', ')}.`);
      case 'no work tree':
        throw new UsageError('--changed-since compares with a git revision: run it inside a git work tree (and with git installed).');
      case 'no revision':
        throw new UsageError(`--changed-since ${gathered.ref}: no such revision (a branch, tag or commit; in a shallow clone, fetch it first).`);
    }
  }
  const { files, removed, problems, changedSince } = gathered.gathered;
  const parses = new Map<string, ParsedFile>();
  const checked = files.map(({ path, text, base }) => {
    const { file, diagnostics } = checkText(text, options.env);
    parses.set(path, file);
    return { path, file, diagnostics, base };
  });
  const report = assemblePlan({ files: checked, removed, problems, changedSince, env: options.env, chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE });
  return { report, parses };
}
