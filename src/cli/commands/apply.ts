// `scan-targets apply [PATH...] [--changed-since REF] [--yes] [--format text|json|markdown] ...`
// Sends a plan (see plan.ts): every unit checked first (one problem anywhere and nothing is sent),
// the plan shown, one confirmation, then each unit as a bulk update, in turn, with bulk-update's
// chunking, retries and Ctrl+C. Every id of every unit ends in exactly one bucket.
import { clientSend, outcomeDiagnostics, outcomeToJson, type BulkOutcome } from '../../core/bulk';
import { applyUnits } from '../../core/plan/applyUnits';
import { resolveUnits } from '../../core/plan/resolveUnits';
import { DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY, MAX_CHUNK_SIZE, MAX_CONCURRENCY } from '../../core/bulk/plan';
import type { CoreDiagnostic } from '../../core/diagnostic';
import { plural } from '../../core/wording';
import { parseCommandArgs, parseIntegerFlag } from '../args';
import type { Command } from '../command';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connect, resolveBaseUrl, resolveToken } from '../connection';
import type { CliContext } from '../context';
import { EXIT_ERRORS, EXIT_FAILED, EXIT_INVALID_IDS, EXIT_OK, EXIT_USAGE } from '../exit';
import { jsonDiagnostic } from '../format/json';
import { outcomeText, wrapIds } from '../format/outcome';
import { planJsonValue, planMarkdown, planText } from '../../core/plan/format';
import { withInterrupts } from '../interrupt';
import type { FileReport, PlanProblem, PlanReport, UnitReport } from '../../core/plan/report';
import { PLAN_OPTIONS, planOfFlags, type PlanFormat } from '../plan/flags';
import { confirmSending, exitCodeOf, runLogger } from '../runOutcome';
import { palette } from '../terminal';
import { appendStepSummary, reportProblems } from '../plan/report';

const HELP = `Usage: scan-targets apply [PATH...] [--changed-since REF] [--yes] [--format text|json|markdown]
                          [--files GLOB]... [--chunk-size N] [--concurrency N] [--base-url URL]

Sends what "scan-targets plan" shows (see its --help for PATH, --changed-since and --files): each
YAML document of each target-settings file that has something to send is one bulk update, sent in
turn, with the checks, chunking and retries of bulk-update. Before the first request every unit is
checked; one problem anywhere and nothing is sent. The plan is printed (on stderr with text) and,
without --yes, confirmed once on a terminal.

Options:
  -y, --yes            Do not ask for confirmation. Without it the command asks on a terminal,
                       and refuses (exit 2) when stdin is not a terminal, as in CI.
  --format FORMAT      text (default), markdown (the plan and each unit's outcome, for a summary)
                       or json ({"plan": as plan --format json, "units": [{"path","document",
                       "documentIndex", the buckets of bulk-update --format json, "diagnostics"}],
                       "exitCode"}).
  --chunk-size N       Ids per request, 1 to ${MAX_CHUNK_SIZE} (default ${DEFAULT_CHUNK_SIZE}).
  --concurrency N      Requests of a unit in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY}).
  --changed-since REF, --files GLOB  As for plan.
${CONNECTION_HELP}
Exit codes:
  0  every id of every unit was updated (or there was nothing to send)
  1  a problem stopped the run before anything was sent (each listed with its file and line)
  2  usage, configuration or authentication (nothing more is sent after the service refuses the
     token or is not found)
  3  the service rejected some ids as invalid (each named with its file and line)
  4  some ids failed, are unknown (their request reached the service and the answer was lost) or
     were not sent (the run interrupted with Ctrl+C, the confirmation declined)

Ctrl+C once stops new requests (the units not started are not sent) and waits for the ones in
flight; twice stops waiting. Either way every id of every unit is reported.

Examples:
  scan-targets apply --changed-since HEAD~1 --yes
  scan-targets apply targets/ --format markdown --yes >> "$GITHUB_STEP_SUMMARY"
`;

interface UnitRun {
  readonly file: FileReport;
  readonly unit: UnitReport;
  readonly outcome: BulkOutcome;
  readonly diagnostics: readonly CoreDiagnostic[];
  /** Not sent because the service refused the configuration for an earlier unit. */
  readonly skipped: boolean;
}

const SKIPPED = 'not sent: the service refused the configuration (the token or the base URL) for an earlier document, so no later one was sent';

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      ...PLAN_OPTIONS,
      concurrency: { type: 'string' },
      yes: { type: 'boolean', short: 'y' },
      ...CONNECTION_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  const concurrency = parseIntegerFlag('--concurrency', values.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY;
  const { format, chunkSize, report, parses } = await planOfFlags(values, positionals, ctx);
  // The plan first, so that what follows (a question, progress) reads against it: always before a question.
  if (format === 'text' || values.yes !== true) ctx.err(planText(report));

  // The placeholders get their values here, for this run only, and before asking: a value that
  // cannot be sent (the service's mask, from a variable) stops the run like any other problem.
  const resolved = resolveUnits(report, (name) => ctx.env[name]);
  const problems = [...report.problems, ...resolved.problems];
  if (problems.length > 0) return stop(ctx, format, report, problems);
  const { units } = resolved;
  if (units.length === 0) {
    await finish(ctx, format, report, []);
    if (format === 'text') ctx.err('Nothing to send.\n');
    return EXIT_OK;
  }
  const secretValues = units.flatMap(({ body }) => body.secretValues);
  ctx.addSecrets(secretValues);

  const baseUrl = resolveBaseUrl(values, ctx.env);
  resolveToken(ctx.env);
  if (values.yes !== true) {
    const { units: count, ids, requests } = report.totals;
    const question = `Send ${plural(count, 'bulk update')} (${plural(ids, 'id')}, ${plural(requests, 'request')}) to ${baseUrl}?`;
    if (!(await confirmSending(ctx, question, ids, 'run plan to see it'))) return EXIT_FAILED;
  }

  const client = connect(values, ctx, secretValues);
  const { result: applied, interrupted } = await withInterrupts(ctx, async ({ stopSending, abandonInFlight }) => {
    try {
      const toSend = units.map(({ unit, body }) => ({ ids: unit.send, body: body.settings, secretValues: body.secretValues }));
      return await applyUnits(toSend, {
        chunkSize,
        concurrency,
        send: (secrets) => clientSend(client, { secretValues: secrets }),
        stopSending,
        abandonInFlight,
        onUnit: (i) => {
          const { file, unit } = units[i]!;
          if (format === 'text') ctx.err(`${file.path}, document ${unit.documentIndex + 1}:\n`);
          return runLogger(ctx, false);
        },
      });
    } finally {
      await client.close();
    }
  });
  const runs: UnitRun[] = applied.map(({ outcome, skipped }, i) => {
    const { file, unit } = units[i]!;
    return { file, unit, outcome, diagnostics: outcomeDiagnostics(parses.get(file.path)!, unit.documentIndex, outcome), skipped };
  });
  const code = worstExitCode(runs.map((r) => exitCodeOf(r.outcome, interrupted)));
  await finish(ctx, format, report, runs, baseUrl, code);
  return code;
}

/** The most severe of the units' exit codes: configuration, then failures, then invalid ids. */
function worstExitCode(codes: readonly number[]): number {
  for (const code of [EXIT_USAGE, EXIT_FAILED, EXIT_INVALID_IDS]) if (codes.includes(code)) return code;
  return EXIT_OK;
}

/** Stops before anything was sent: every problem listed; with json or markdown, the plan and the problems on stdout. */
function stop(ctx: CliContext, format: PlanFormat, report: PlanReport, problems: readonly PlanProblem[]): number {
  const stopped = { ...report, problems };
  if (format === 'json') ctx.out(`${JSON.stringify({ plan: planJsonValue(stopped), units: [], exitCode: EXIT_ERRORS }, null, 2)}\n`);
  if (format === 'markdown') ctx.out(planMarkdown(stopped));
  reportProblems(stopped, ctx);
  return EXIT_ERRORS;
}

async function finish(ctx: CliContext, format: PlanFormat, report: PlanReport, runs: readonly UnitRun[], baseUrl = '', code = EXIT_OK): Promise<void> {
  if (format === 'json') {
    const units = runs.map(({ file, unit, outcome, diagnostics, skipped }) => ({
      path: file.path,
      document: unit.documentIndex + 1,
      documentIndex: unit.documentIndex,
      ...outcomeToJson(outcome),
      diagnostics: diagnostics.map(jsonDiagnostic),
      ...(skipped
        ? { stopped: { cause: 'skipped', message: SKIPPED } }
        : outcome.stopped
          ? { stopped: { cause: outcome.stopped.cause, message: outcome.stopped.message } }
          : {}),
    }));
    ctx.out(`${JSON.stringify({ plan: planJsonValue(report), units, exitCode: code }, null, 2)}\n`);
  } else if (format === 'markdown') {
    ctx.out(`${planMarkdown(report)}${outcomesMarkdown(runs)}`);
  } else {
    const paint = palette(ctx.colorOut);
    for (const { file, unit, outcome, diagnostics, skipped } of runs) {
      if (skipped)
        ctx.out(
          `Document ${unit.documentIndex + 1} of ${file.path}, ${plural(outcome.notSent.length, 'id')}: ${SKIPPED}.\n${wrapIds(outcome.notSent).join('\n')}\n`,
        );
      else ctx.out(outcomeText(outcome, diagnostics, { file: file.path, document: String(unit.documentIndex + 1), baseUrl, paint }));
    }
  }
  await appendStepSummary(report, ctx, outcomesMarkdown(runs));
}

function outcomesMarkdown(runs: readonly UnitRun[]): string {
  if (runs.length === 0) return '';
  const out = [
    '#### Outcome',
    '',
    '| file | document | updated | invalid | valid, not applied | failed | unknown | not sent |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { file, unit, outcome } of runs) {
    const failed = outcome.failed.reduce((n, g) => n + g.ids.length, 0);
    const unknown = outcome.unknown.reduce((n, g) => n + g.ids.length, 0);
    out.push(
      `| \`${file.path}\` | ${unit.documentIndex + 1} | ${outcome.updated.length} | ${outcome.invalid.length} | ${outcome.validNotApplied.length} | ${failed} | ${unknown} | ${outcome.notSent.length} |`,
    );
  }
  const invalid = runs.flatMap(({ file, diagnostics }) =>
    diagnostics.map((d) => `- \`${file.path}:${d.range.start.line + 1}:${d.range.start.character + 1}\` ${d.message}`),
  );
  if (invalid.length > 0) out.push('', '**Rejected by the service:**', '', ...invalid);
  return `${out.join('\n')}\n`;
}

export const applyCommand: Command = { name: 'apply', help: HELP, run };
