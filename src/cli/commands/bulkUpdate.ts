// `scan-targets bulk-update FILE [--document N] [--ids ID,ID...] [--dry-run] [--yes] [--format text|json] [--max-problems N]`
// The editor's bulk update, scriptable: validation first, `${env:NAME}` resolution, the
// `OBFUSCATED_` refusal, `is_id_404_validation=true`, chunking and retries, and an outcome that
// accounts for every id.
import {
  clientSend,
  documentLine,
  idsField,
  maskBody,
  outcomeDiagnostics,
  planChunks,
  planRun,
  resolveBody,
  runBulkUpdate,
  IN_FLIGHT_WAIT_LIMIT_MS,
  type BodyProblem,
  type RunRefusal,
  type SelectionRefusalReason,
} from '../../core/bulk';
import { DEFAULT_CHUNK_SIZE, DEFAULT_CONCURRENCY, MAX_CHUNK_SIZE, MAX_CONCURRENCY } from '../../core/bulk/plan';
import type { CoreDiagnostic } from '../../core/diagnostic';
import { envCheckOf } from '../../core/envPlaceholders';
import type { ParsedFile } from '../../core/yaml';
import { parseChoice, parseCommandArgs, parseIntegerFlag, parseMaxProblems, splitList } from '../args';
import { checkText } from '../check';
import type { Command } from '../command';
import { CONNECTION_HELP, CONNECTION_OPTIONS, connect, resolveBaseUrl, resolveToken, BASE_URL_VARIABLE } from '../connection';
import type { CliContext } from '../context';
import { CliError, EXIT_ERRORS, EXIT_FAILED, EXIT_OK, EXIT_USAGE, UsageError } from '../exit';
import { readTextFile } from '../../repo/textFile';
import { jsonDiagnostic } from '../format/json';
import { mostSevere, type MostSevere } from '../../core/validation/limit';
import { DEFAULT_MAX_PROBLEMS, MAX_PROBLEMS_OPTION } from '../format/limit';
import { plural } from '../../core/wording';
import { outcomeJson, outcomeText } from '../format/outcome';
import { diagnosticLine, omittedLine } from '../format/text';
import { withInterrupts } from '../interrupt';
import { confirmSending, exitCodeOf, runLogger } from '../runOutcome';
import { palette, type Palette } from '../terminal';

const FORMATS = ['text', 'json'] as const;

const HELP = `Usage: scan-targets bulk-update FILE [--document N] [--ids ID,ID...] [--dry-run] [--yes]
                                [--format text|json] [--base-url URL] [--chunk-size N] [--concurrency N]
                                [--max-problems N]

Sends one YAML document of FILE as a bulk update request body (its ids, and its settings beside
them), exactly as the editor's "Run Bulk Update" does: the file is validated first, \${env:NAME}
placeholders are resolved from the environment (never printed), a value of the form OBFUSCATED_...
is refused, ids are checked by the service (is_id_404_validation=true), large id lists are sent in
chunks, and failed requests are retried when the service asks for it.

Options:
  --document N         The YAML document to send, numbered from 1 (the first document is 1, as
                       the editor numbers them). Required when FILE holds more than one
                       document; a file with one document needs none.
  --ids ID,ID...       Send only these ids (commas or spaces separate; repeatable). Each must be
                       in the document's ids list.
  --dry-run            Print the request body (sensitive values masked) and send nothing. Needs
                       no token.
  -y, --yes            Do not ask for confirmation. Without it the command asks on a terminal,
                       and refuses (exit 2) when stdin is not a terminal, as in CI.
  --format text|json   Output format (default: text).
      text   counts and ids per outcome: updated, invalid (each with FILE:line:col, 1-based),
             valid but not applied, failed (with the reason), unknown (the request reached
             the service and its answer was lost: it may have been applied), not sent.
      json   {"updated":[...],"invalid":[...],"validNotApplied":[...],"failed":[{"ids":[...],
              "reason":"...","kind":"...","status":N}],"unknown":[groups as in failed],
              "notSent":[...],"requests":N,"diagnostics":[...]}   ("diagnostics" as in validate --format json: where
              each invalid id and each field the service rejected stand in FILE).
  --chunk-size N       Ids per request, 1 to ${MAX_CHUNK_SIZE} (default ${DEFAULT_CHUNK_SIZE}).
  --concurrency N      Requests in flight at once, 1 to ${MAX_CONCURRENCY} (default ${DEFAULT_CONCURRENCY}).
  --max-problems N     When the file's problems stop the run (exit 1), print at most N of them
                       (default ${DEFAULT_MAX_PROBLEMS}; 0: no limit), errors first, then one line with how many
                       more; with --format json "diagnostics" holds those N and "diagnosticsOmitted"
                       the exact number left out. The count in the message is always exact.
${CONNECTION_HELP}
Exit codes:
  0  every id was updated (or --dry-run)
  1  errors in FILE stopped the run before anything was sent: validation errors in the document,
     an OBFUSCATED_ value, a malformed \${env:...} placeholder, ids that are not strings
  2  usage, configuration or authentication error: a bad flag, FILE unreadable, no document or
     ids chosen, no base URL or token, an \${env:NAME} variable that is not set or empty, the
     confirmation refused because stdin is not a terminal, the service refusing the token (401)
     or not found at the base URL (404)
  3  the service rejected some ids as invalid (and nothing else failed)
  4  some ids failed, are unknown (the request reached the service and its answer was lost, so
     it may have been applied) or were not sent (network, server errors, the run interrupted
     with Ctrl+C, or the confirmation declined)

Ctrl+C once stops new requests and waits up to ${IN_FLIGHT_WAIT_LIMIT_MS / 1000} s for the ones in flight; twice stops
waiting (their ids are reported as unknown). Either way the full report is printed.

Examples:
  scan-targets bulk-update shop.target-settings.yaml --dry-run
  SCAN_TARGETS_TOKEN=... scan-targets bulk-update targets.target-settings.yaml --document 1 --yes
  scan-targets bulk-update shop.target-settings.yaml --ids 3Sy7TyNMnQ8x,4Hk2QpZr9WbT --yes --format json
`;

/** Refusals of the id selection that are a usage problem (the rest are problems in the file). */
const USAGE_REFUSALS: ReadonlySet<SelectionRefusalReason> = new Set(['no-such-document', 'unknown-ids']);
/** Body problems that come from the environment (exit 2) rather than from the file (exit 1). */
const ENVIRONMENT_PROBLEMS: ReadonlySet<string> = new Set(['missing-env', 'empty-env']);

async function run(args: readonly string[], ctx: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      document: { type: 'string' },
      ids: { type: 'string', multiple: true },
      'dry-run': { type: 'boolean' },
      yes: { type: 'boolean', short: 'y' },
      format: { type: 'string' },
      'chunk-size': { type: 'string' },
      concurrency: { type: 'string' },
      ...MAX_PROBLEMS_OPTION,
      ...CONNECTION_OPTIONS,
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help) {
    ctx.out(HELP);
    return EXIT_OK;
  }
  const format = parseChoice('--format', values.format, FORMATS, 'text');
  const chunkSize = parseIntegerFlag('--chunk-size', values['chunk-size'], 1, MAX_CHUNK_SIZE) ?? DEFAULT_CHUNK_SIZE;
  const concurrency = parseIntegerFlag('--concurrency', values.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY;
  const maxProblems = parseMaxProblems(values['max-problems']) ?? DEFAULT_MAX_PROBLEMS;
  const documentFlag = parseIntegerFlag('--document', values.document, 1, Number.MAX_SAFE_INTEGER);
  const onlyIds = splitList(values.ids);
  if (onlyIds !== undefined && onlyIds.length === 0) throw new UsageError('--ids is empty. Give the ids to send, separated by commas.');
  const [path, ...otherFiles] = positionals;
  if (path === undefined) throw new UsageError('no file given. Pass the target-settings YAML file to send.');
  if (otherFiles.length > 0) throw new UsageError(`one file at a time (got ${positionals.length}). Run the command once per file.`);
  const dryRun = values['dry-run'] === true;
  const errPaint = palette(ctx.colorErr);
  const outPaint = palette(ctx.colorOut);

  const read = await readTextFile(path);
  if (!read.ok) throw new CliError(read.message, EXIT_USAGE);

  // The editor's checks, in its order (core/bulk planRun): the ids, then validation errors in that
  // document, then the body. One parse for all of it; the refusals worded for a terminal.
  const env = envCheckOf((name) => ctx.env[name]);
  const { file, diagnostics } = checkText(read.text, env);
  const documentIndex = chooseDocument(file, documentFlag, path);
  const planned = planRun(file, { documentIndex, ids: onlyIds }, env, diagnostics);
  if (!planned.ok) return refuse(ctx, format, file, path, planned, errPaint, maxProblems);
  const { selection, prepared, fields } = planned.plan;
  const ids = prepared.ids;
  const plan = planChunks(ids, chunkSize);

  if (dryRun) {
    const baseUrl = values['base-url'] ?? ctx.env[BASE_URL_VARIABLE];
    const target = baseUrl
      ? `${baseUrl.trim().replace(/\/+$/, '')}/targets/bulk/update/?is_id_404_validation=true`
      : '{base URL}/targets/bulk/update/?is_id_404_validation=true';
    const masked = maskBody(prepared);
    const note =
      `Dry run: nothing was sent. Document ${documentIndex + 1} of ${path}: ${plural(ids.length, 'id')}` +
      `${selection.duplicateCount > 0 ? ` (${plural(selection.duplicateCount, 'repeated id')} sent once)` : ''}` +
      ` in ${plural(plan.chunks.length, 'request')} of up to ${plan.chunkSize} ids to POST ${target}.` +
      (plan.chunks.length > 1 ? ` Each request carries the same settings with its own slice of the ids below.` : '') +
      ` Fields changed: ${fields.length > 0 ? fields.join(', ') : 'none'}. Sensitive values are masked.`;
    if (format === 'json') {
      ctx.out(
        `${JSON.stringify({ dryRun: true, document: documentIndex + 1, documentIndex, ids: ids.length, requests: plan.chunks.length, chunkSize: plan.chunkSize, fields, body: masked })}\n`,
      );
    } else {
      ctx.err(`${note}\n`);
      ctx.out(`${JSON.stringify(masked, null, 2)}\n`);
    }
    return EXIT_OK;
  }

  // The placeholders get their values here, for this run only: before asking, so that a value
  // that cannot be sent (the service's mask) is refused first.
  const resolved = resolveBody(prepared, (name) => ctx.env[name]);
  if (!resolved.ok) {
    const refusal = { ok: false, reason: 'body', message: resolved.message, documentIndex, ids, problems: resolved.problems } as const;
    return refuse(ctx, format, file, path, refusal, errPaint, maxProblems);
  }
  const body = resolved.body;
  ctx.addSecrets(body.secretValues);

  // Configuration before asking anything: a prompt that is answered and then fails is worse.
  const baseUrl = resolveBaseUrl(values, ctx.env);
  resolveToken(ctx.env);

  if (values.yes !== true) {
    const question =
      `Update ${plural(ids.length, 'target')} at ${baseUrl} (fields: ${fields.length > 0 ? fields.join(', ') : 'none'})` +
      `${plan.chunks.length > 1 ? ` in ${plan.chunks.length} requests` : ''}?`;
    if (!(await confirmSending(ctx, question, ids.length, '--dry-run to see the request'))) return EXIT_FAILED;
  }

  const client = connect(values, ctx, body.secretValues);
  const { result: outcome, interrupted } = await withInterrupts(ctx, async ({ stopSending, abandonInFlight }) => {
    try {
      return await runBulkUpdate({
        ids,
        body: body.settings,
        chunkSize,
        concurrency,
        send: clientSend(client, { secretValues: body.secretValues }),
        signal: stopSending,
        inFlightSignal: abandonInFlight,
        logger: runLogger(ctx, values.verbose === true),
        secretValues: body.secretValues,
      });
    } finally {
      await client.close();
    }
  });

  const resultDiagnostics = outcomeDiagnostics(file, documentIndex, outcome);
  if (format === 'json') ctx.out(outcomeJson(outcome, resultDiagnostics));
  else ctx.out(outcomeText(outcome, resultDiagnostics, { file: path, document: String(documentIndex + 1), baseUrl, paint: outPaint }));
  return exitCodeOf(outcome, interrupted);
}

/**
 * The index of the document to send: `--document N` (from 1), or the only document holding anything. A file with
 * several documents needs `--document` (each is its own request; nothing is guessed).
 */
function chooseDocument(file: ParsedFile, flag: number | undefined, path: string): number {
  if (flag !== undefined) {
    if (flag > file.documents.length) {
      const n = file.documents.length;
      throw new UsageError(
        n === 0
          ? `--document ${flag}: ${path} holds no YAML document.`
          : `--document ${flag}: ${path} holds ${plural(n, 'document')}, numbered from 1 to ${n}.`,
      );
    }
    return flag - 1;
  }
  const used = file.documents.filter((d) => !d.isEmpty);
  const [first] = used;
  if (first === undefined) throw new CliError(`${path} holds no YAML document: there are no ids to update. Add a document with ids: and site:.`, EXIT_ERRORS);
  if (used.length === 1) return first.index;
  const list = used.map((d) => {
    const count = idsField(d)?.items.length ?? 0;
    return `  --document ${d.index + 1}  (line ${documentLine(file, d)}, ${plural(count, 'id')})`;
  });
  throw new UsageError(`${path} holds ${used.length} YAML documents, and each is its own request: choose one with --document N (from 1):\n${list.join('\n')}`);
}

/** A body problem (missing variable, OBFUSCATED_ value) as a diagnostic on its value. */
function problemDiagnostic(file: ParsedFile, documentIndex: number, p: BodyProblem): CoreDiagnostic {
  const doc = file.documents.get(documentIndex);
  const offsets = p.range ?? { start: doc?.start ?? 0, end: doc?.start ?? 0 };
  return {
    severity: 'error',
    code: p.code === 'obfuscated' ? 'obfuscated-value' : p.code,
    message: p.message,
    document: documentIndex,
    path: p.pointer,
    range: file.rangeOf(offsets),
  };
}

/** A refusal of core's planRun, said on a terminal: where, what, and the exit code it means. */
function refuse(ctx: CliContext, format: 'text' | 'json', file: ParsedFile, path: string, refusal: RunRefusal, errPaint: Palette, maxProblems: number): number {
  switch (refusal.reason) {
    case 'selection': {
      const { reason, range, error } = refusal.selection;
      const at = range === undefined ? undefined : file.positionAt(range.start);
      const message = `${at === undefined ? path : `${path}:${at.line + 1}:${at.character + 1}`}: ${error}`;
      if (USAGE_REFUSALS.has(reason)) throw new UsageError(message);
      return stopBeforeSending(ctx, format, message, EXIT_ERRORS, { shown: [], omitted: 0 });
    }
    case 'validation': {
      const { errors, documentIndex, ids } = refusal;
      const shown = printProblems(ctx, path, errors, maxProblems, errPaint);
      const message = `${plural(errors.length, 'error')} in document ${documentIndex + 1} of ${path}: nothing was sent. Fix ${errors.length === 1 ? 'it' : 'them'} (scan-targets validate ${path}) and run again.`;
      return stopBeforeSending(ctx, format, message, EXIT_ERRORS, shown, ids);
    }
    case 'body': {
      const { problems, documentIndex, ids } = refusal;
      const diagnostics = problems.map((p) => problemDiagnostic(file, documentIndex, p));
      const shown = printProblems(ctx, path, diagnostics, maxProblems, errPaint);
      const fromFile = problems.some((p) => !ENVIRONMENT_PROBLEMS.has(p.code));
      const message = `the request body of document ${documentIndex + 1} of ${path} cannot be built: nothing was sent.`;
      return stopBeforeSending(ctx, format, message, fromFile ? EXIT_ERRORS : EXIT_USAGE, shown, ids);
    }
  }
}

/**
 * The problems that stop the run, on stderr: at most `maxProblems` (--max-problems, errors first),
 * then one line with how many more. Returns what was printed, for the JSON.
 */
function printProblems(ctx: CliContext, path: string, diagnostics: readonly CoreDiagnostic[], maxProblems: number, errPaint: Palette): MostSevere {
  const shown = mostSevere(diagnostics, maxProblems);
  for (const d of shown.shown) ctx.err(`${diagnosticLine(path, d, errPaint)}\n`);
  if (shown.omitted > 0) ctx.err(`${omittedLine(path, shown.omitted, errPaint)}\n`);
  return shown;
}

/**
 * Ends the command before anything was sent: the message on stderr; with --format json also the
 * outcome shape on stdout (every selected id in notSent, the blocking diagnostics as printed,
 * `diagnosticsOmitted` the number --max-problems left out, `error`).
 */
function stopBeforeSending(ctx: CliContext, format: 'text' | 'json', message: string, code: number, problems: MostSevere, ids: readonly string[] = []): number {
  ctx.err(`${palette(ctx.colorErr).red('error')}: ${message}\n`);
  if (format === 'json') {
    ctx.out(
      `${JSON.stringify({
        updated: [],
        invalid: [],
        failed: [],
        notSent: [...ids],
        requests: 0,
        validNotApplied: [],
        diagnostics: problems.shown.map(jsonDiagnostic),
        diagnosticsOmitted: problems.omitted,
        error: message,
      })}\n`,
    );
  }
  return code;
}

export const bulkUpdateCommand: Command = {
  name: 'bulk-update',
  help: HELP,
  run,
};
