// Entry point of the `scan-targets` command line (bundled to dist/cli.js): dispatches to a
// command, turns CliError / UsageError into their exit codes, keeps results on stdout and
// everything else on stderr.
import * as path from 'path';
import { version } from '../../package.json';
import { cacheCompiledCode } from '../load/codeCache';
import { COMMANDS, type CommandEntry } from './commands';
import { createContext, type CliContext } from './context';
import { EXIT_OK, EXIT_USAGE, UsageError, asCliError, type CliError } from './exit';
import { palette } from './terminal';

function globalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Usage: scan-targets <command> [options]

Checks and bulk-updates scan target settings from a terminal or a CI pipeline, with the same
core as the Scan Target Settings extension for VS Code.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Options:
  -h, --help     Show this help (or "scan-targets <command> --help" for a command's).
  --version      Show the version.

Results go to stdout, errors and progress to stderr. Colour is used only on a terminal, and
never when NO_COLOR is set. The API token is read from SCAN_TARGETS_TOKEN only.
`;
}

function findCommand(name: string): CommandEntry | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function reportError(ctx: CliContext, err: CliError, command: CommandEntry | undefined): void {
  const paint = palette(ctx.colorErr);
  const prefix = command ? `scan-targets ${command.name}` : 'scan-targets';
  ctx.err(`${prefix}: ${paint.red('error')}: ${err.message}\n`);
  if (err.name === 'UsageError') ctx.err(`Run "${prefix} --help" for usage.\n`);
}

/** Runs the command line; resolves with the exit code. */
export async function main(argv: readonly string[], ctx: CliContext): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    ctx.err(globalHelp());
    return EXIT_USAGE;
  }
  if (first === '--help' || first === '-h') {
    ctx.out(globalHelp());
    return EXIT_OK;
  }
  if (first === 'help') {
    const topic = rest[0] === undefined ? undefined : findCommand(rest[0]);
    if (rest[0] !== undefined && topic === undefined) {
      reportError(ctx, new UsageError(`unknown command "${rest[0]}". Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`), undefined);
      return EXIT_USAGE;
    }
    ctx.out(topic ? topic.load().help : globalHelp());
    return EXIT_OK;
  }
  if (first === '--version' || first === '-V') {
    ctx.out(`${version}\n`);
    return EXIT_OK;
  }
  const command = findCommand(first);
  if (command === undefined) {
    const what = first.startsWith('-') ? `unknown option "${first}" (options go after the command)` : `unknown command "${first}"`;
    reportError(ctx, new UsageError(`${what}. Commands: ${COMMANDS.map((c) => c.name).join(', ')}.`), undefined);
    return EXIT_USAGE;
  }
  try {
    return await command.load().run(rest, ctx);
  } catch (err) {
    const known = asCliError(err);
    if (known !== undefined) {
      reportError(ctx, known, command);
      return known.code;
    }
    reportInternalError(ctx, `scan-targets ${command.name}`, err);
    return EXIT_USAGE;
  }
}

/**
 * A bug, said in one line through the context (so it cannot print the token either); the stack
 * trace only with SCAN_TARGETS_DEBUG.
 */
function reportInternalError(ctx: CliContext, who: string, err: unknown): void {
  ctx.err(
    `${who}: internal error: ${err instanceof Error ? err.message : String(err)}\nThis is a bug; please report it with the command you ran (leave out any token).\n`,
  );
  if (ctx.env.SCAN_TARGETS_DEBUG && err instanceof Error && err.stack) ctx.err(`${err.stack}\n`);
}

if (require.main === module) {
  cacheCompiledCode(path.join(__dirname, 'cli'));
  const streams = {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
  };
  const ctx = createContext(streams, process.env);
  // A closed pipe (`scan-targets validate ... | head`) is not an error worth a stack trace.
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw err;
  });
  // A promise rejected with nobody waiting on it is a bug, but not one worth Node's stack trace:
  // one line, and exit 2. (`scan-targets lsp` is the language server, which installs its own: it
  // logs to the client.)
  if (process.argv[2] !== 'lsp') {
    process.on('unhandledRejection', (reason: unknown) => {
      reportInternalError(ctx, 'scan-targets', reason);
      process.exitCode = EXIT_USAGE;
    });
  }
  main(process.argv.slice(2), ctx).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      reportInternalError(ctx, 'scan-targets', err);
      process.exitCode = EXIT_USAGE;
    },
  );
}
