// What bulk-update and apply share about a run that sends: the confirmation before it, its
// progress lines on stderr and the exit code its outcome means.
import { retryIds, type BulkLogger, type BulkOutcome } from '../core/bulk';
import { isConfigurationStop } from '../core/plan/applyUnits';
import { plural } from '../core/wording';
import type { CliContext } from './context';
import { CliError, EXIT_FAILED, EXIT_INVALID_IDS, EXIT_OK, EXIT_USAGE } from './exit';
import { confirm, palette } from './terminal';

/**
 * Asks `question` on a terminal before sending to `targets` targets; refuses (exit 2) when stdin is
 * not one, naming `instead` as the way to see the request. False when declined (nothing was sent).
 */
export async function confirmSending(ctx: CliContext, question: string, targets: number, instead: string): Promise<boolean> {
  if (ctx.stdin.isTTY !== true) {
    throw new CliError(
      `stdin is not a terminal, so the update of ${plural(targets, 'target')} cannot be confirmed: pass --yes to run without asking (or ${instead}). Nothing was sent.`,
      EXIT_USAGE,
    );
  }
  if (await confirm(question, ctx.stdin, ctx.stderrStream)) return true;
  ctx.err('Cancelled: nothing was sent.\n');
  return false;
}

/** The exit code of a finished run (see bulk-update --help). */
export function exitCodeOf(outcome: BulkOutcome, interrupted: boolean): number {
  if (isConfigurationStop(outcome)) return EXIT_USAGE;
  if (interrupted && outcome.updated.length < outcome.selected.length) return EXIT_FAILED;
  if (retryIds(outcome).length > 0) return EXIT_FAILED;
  if (outcome.invalid.length > 0 || outcome.validNotApplied.length > 0) return EXIT_INVALID_IDS;
  return EXIT_OK;
}

/** The runner's per-request lines on stderr (progress for a pipeline log). */
export function runLogger(ctx: CliContext, verbose: boolean): BulkLogger {
  const paint = palette(ctx.colorErr);
  return {
    info: (m) => ctx.err(`${m}\n`),
    warn: (m) => ctx.err(`${paint.yellow('warning:')} ${m}\n`),
    error: (m) => ctx.err(`${paint.red('error:')} ${m}\n`),
    debug: (m) => {
      if (verbose) ctx.err(`${paint.dim('debug:')} ${m}\n`);
    },
  };
}
