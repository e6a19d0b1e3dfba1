// Exit codes of `scan-targets`. Each command documents which ones it uses in its --help.

/** Success: no errors (validate), every id updated (bulk-update). */
export const EXIT_OK = 0;
/** validate: some file has an error. bulk-update: errors in the file stopped the run before sending. entitlements: the service could not be read. */
export const EXIT_ERRORS = 1;
/** Usage, configuration, authentication or I/O errors. */
export const EXIT_USAGE = 2;
/** bulk-update: the service rejected some ids as invalid. */
export const EXIT_INVALID_IDS = 3;
/** bulk-update: some ids failed or were not sent. */
export const EXIT_FAILED = 4;

/** A problem that ends the command with `code`; `message` goes to stderr. */
export class CliError extends Error {
  override name: 'CliError' | 'UsageError' = 'CliError';

  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** A usage problem (unknown flag, missing argument, bad value): exit 2 with a hint to --help. */
export class UsageError extends CliError {
  override name = 'UsageError' as const;

  constructor(message: string) {
    super(message, EXIT_USAGE);
  }
}

/**
 * `err` as a CliError, when it is one. Not `instanceof`: each command is a bundle of its own
 * (dist/cli/<name>.js) with its own copy of these classes, so the dispatch in dist/cli.js knows
 * them by name and code.
 */
export function asCliError(err: unknown): CliError | undefined {
  if (!(err instanceof Error) || (err.name !== 'CliError' && err.name !== 'UsageError')) return undefined;
  return typeof (err as Partial<CliError>).code === 'number' ? (err as CliError) : undefined;
}
