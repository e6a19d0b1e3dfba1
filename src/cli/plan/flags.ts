// The flags plan and apply share, and the plan they ask for.
import { DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE } from '../../core/bulk/plan';
import { envCheckOf } from '../../core/envPlaceholders';
import { parseChoice, parseIntegerFlag } from '../args';
import type { CliContext } from '../context';
import { DEFAULT_GLOBS } from '../../repo/targets';
import { buildPlan, type BuiltPlan } from './build';

export const PLAN_FORMATS = ['text', 'json', 'markdown'] as const;
export type PlanFormat = (typeof PLAN_FORMATS)[number];

/** As `parseArgs` declares them. */
export const PLAN_OPTIONS = {
  'changed-since': { type: 'string' },
  format: { type: 'string' },
  files: { type: 'string', multiple: true },
  'chunk-size': { type: 'string' },
} as const;

/** The all-zero object name: GitHub's `github.event.before` and GitLab's `CI_COMMIT_BEFORE_SHA` on a new branch's first push. */
const NO_REVISION = /^0{40}$|^0{64}$/;

interface PlanFlags {
  readonly 'changed-since'?: string;
  readonly format?: string;
  readonly files?: string[];
  readonly 'chunk-size'?: string;
}

/** The plan the flags and paths ask for (the current folder without paths), with the output format and chunk size. */
export async function planOfFlags(
  values: PlanFlags,
  positionals: readonly string[],
  ctx: CliContext,
): Promise<{ format: PlanFormat; chunkSize: number } & BuiltPlan> {
  const format = parseChoice('--format', values.format, PLAN_FORMATS, 'text');
  const chunkSize = parseIntegerFlag('--chunk-size', values['chunk-size'], 1, MAX_CHUNK_SIZE) ?? DEFAULT_CHUNK_SIZE;
  let changedSince = values['changed-since'];
  if (changedSince !== undefined && NO_REVISION.test(changedSince)) {
    ctx.err(
      `note: --changed-since ${changedSince} names no commit (what CI systems give as the commit before a new branch's first push): every document is a unit, as without --changed-since.\n`,
    );
    changedSince = undefined;
  }
  const built = await buildPlan({
    paths: positionals.length > 0 ? positionals : ['.'],
    globs: values.files ?? DEFAULT_GLOBS,
    changedSince,
    cwd: process.cwd(),
    env: envCheckOf((name) => ctx.env[name]),
    chunkSize,
  });
  return { format, chunkSize, ...built };
}
