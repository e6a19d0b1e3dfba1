// What bulk-update and apply share about a run that sends: its progress lines on stderr and the
// exit code its outcome means.
import { retryIds, type BulkLogger, type BulkOutcome } from '../core/bulk';
import type { CliContext } from './context';
import { EXIT_FAILED, EXIT_INVALID_IDS, EXIT_OK, EXIT_USAGE } from './exit';
import { palette } from './terminal';

/** Run stops that mean the configuration or the credentials are wrong (exit 2). */
const CONFIGURATION_STOPS: ReadonlySet<string> = new Set(['unauthorized', 'configuration', 'insecure-transport', 'not-found']);

/** The exit code of a finished run (see bulk-update --help). */
export function exitCodeOf(outcome: BulkOutcome, interrupted: boolean): number {
  if (isConfigurationStop(outcome)) return EXIT_USAGE;
  if (interrupted && outcome.updated.length < outcome.selected.length) return EXIT_FAILED;
  if (retryIds(outcome).length > 0) return EXIT_FAILED;
  if (outcome.invalid.length > 0 || outcome.validNotApplied.length > 0) return EXIT_INVALID_IDS;
  return EXIT_OK;
}

/** Whether the run stopped because the configuration or the credentials are wrong (no later run can do better). */
export function isConfigurationStop(outcome: BulkOutcome): boolean {
  return outcome.stopped?.cause === 'fatal' && outcome.stopped.kind !== undefined && CONFIGURATION_STOPS.has(outcome.stopped.kind);
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
