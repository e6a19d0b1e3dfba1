import type { CliContext } from './context';

/** One `scan-targets` command. */
export interface Command {
  readonly name: string;
  /** The command's --help text. */
  readonly help: string;
  /** Runs the command; resolves with the exit code. Throws CliError / UsageError for early exits. */
  run(args: readonly string[], ctx: CliContext): Promise<number>;
}
