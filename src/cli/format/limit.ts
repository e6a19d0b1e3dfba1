// `--max-problems N`: a file with hundreds of thousands of problems must not print hundreds of
// megabytes. What a command prints of one file's problems is capped the way the editor caps its
// Problems view (core/validation/limit.ts's `mostSevere`): the most severe are kept, errors first,
// and printed in the file's order; the rest are only counted. Summaries and exit codes count every problem.
import { contributes } from '../../../package.json';
import { count } from '../../core/wording';

/** Problems printed per file without `--max-problems`: the editor's `scanTargets.validation.maxProblems`. */
export const DEFAULT_MAX_PROBLEMS: number = contributes.configuration.properties['scanTargets.validation.maxProblems'].default;

/** The `--max-problems` flag, as `parseArgs` declares it. */
export const MAX_PROBLEMS_OPTION = { 'max-problems': { type: 'string' } } as const;

/** "… and 12,345 more problems in this file not shown; use --max-problems 0 to show all." */
export function omittedNote(omitted: number): string {
  return `… and ${count(omitted)} more ${omitted === 1 ? 'problem' : 'problems'} in this file not shown; use --max-problems 0 to show all.`;
}
